/**
 * The general contact-centre corpus of the domain language models: the written sentences of
 * language-data/contact-centre-phrases.txt (how agents and customers talk on support calls,
 * written for this engine, not the development set's scripts), plus number and date phrases
 * generated from language-data/spoken-numbers.json. Read at the first call and kept.
 */
import { onFirstUse, readDataLines } from '../language-data/engine-data.js';
import { spokenNumbers, type SpokenNumbers } from '../language-data/spoken-numbers.js';

/**
 * Number and date phrases in the ways callers say them: dates with and without years, years of
 * birth, digit-by-digit identifiers, amounts. Generated in full so no particular value is favoured.
 */
function numberAndDatePhrases({ units, tens, ordinals, months, weekdays: sundayFirst }: SpokenNumbers): string[] {
  const digits = Array.from({ length: 10 }, (_, value) => Object.keys(units).find((word) => units[word] === value) ?? String(value));
  const decades = Object.keys(tens);
  const weekdays = [...sundayFirst.slice(1), ...sundayFirst.slice(0, 1)];
  const out: string[] = [];
  for (const [m, month] of months.entries()) {
    for (const [d, day] of ordinals.entries()) if ((d + m) % 3 === 0) out.push(`on the ${day} of ${month}`, `${month} the ${day}`);
  }
  for (const decade of decades.slice(2)) {
    out.push(`nineteen ${decade}`);
    for (const digit of digits.slice(1))
      out.push(`the ${ordinals[(digit.length * 7) % 28]} of ${months[(digit.length + decade.length) % 12]} nineteen ${decade} ${digit}`);
  }
  out.push('two thousand and one', 'two thousand and five', 'twenty twenty four', 'twenty twenty five', 'twenty twenty six');
  for (let i = 0; i < 40; i += 1) {
    const code = [0, 1, 2, 3, 4, 5].map((k) => digits[(i * 7 + k * 3 + (i >> 2)) % 10]).join(' ');
    out.push(i % 2 ? `it is ${code}` : `the number is ${code}`);
  }
  for (const decade of decades)
    out.push(`${decade} pounds`, `${decade} dollars`, `${decade} five dollars`, `one hundred and ${decade} pounds`, `${decade} percent`);
  for (const digit of digits.slice(1))
    out.push(`${digit} hundred pounds`, `${digit} hundred dollars`, `${digit} working days`, `${digit} o'clock`, `${digit} thirty`);
  for (const day of weekdays) out.push(`on ${day} morning`, `on ${day} afternoon`, `next ${day}`, `this ${day} between eight and one`);
  return out;
}

export const contactCentreSentences = onFirstUse((): readonly string[] => [
  ...readDataLines('contact-centre-phrases.txt'),
  ...numberAndDatePhrases(spokenNumbers()),
]);
