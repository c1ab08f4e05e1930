/**
 * Word error rate: word-level edit distance (substitutions, insertions, deletions) over reference
 * words, after both sides are written the same way: lower case, no punctuation, and numbers as
 * digits whether they were spoken ("seven three eight", "nineteen eighty five", "forty dollars",
 * "the fifth") or written ("738", "1985", "$40", "5th"), as speech recognisers write either.
 */
export function normaliseWords(text: string): string[] {
  const written = text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/[$£€]\s?(\d+(?:\.\d+)?)/g, (_, amount: string, offset: number, all: string) => `${amount} ${currencyOf(all[offset] ?? '$')}`)
    .replace(/(\d+(?:\.\d+)?)\s?[$£€]/g, (match: string, amount: string) => `${amount} ${currencyOf(match.at(-1) ?? '$')}`)
    .replace(/(\d)(st|nd|rd|th)\b/g, '$1 th')
    .replace(/(\d)-(?=[a-z])/g, '$1 ')
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/\bok\b/g, 'okay')
    .replace(/([a-z]{2})is(e|es|ed|ing|ation)\b/g, '$1iz$2');
  return digitsForNumberWords(written.split(/\s+/).filter(Boolean));
}

const currencyOf = (symbol: string) => ({ '£': 'pounds', '€': 'euros' })[symbol] ?? 'dollars';

const units: Record<string, number> = { zero: 0, oh: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9 };
const teens: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const tens: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const ordinals: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
};

/**
 * Runs of number words become digits: digit by digit ("four five two" → 452), pairs as years are
 * read ("nineteen eighty five" → 1985), quantities composed ("two hundred and fifty" → 250),
 * ordinals with a "th" after them ("twenty second" → 22 th, as "22nd" is written).
 */
function digitsForNumberWords(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    const groups: string[] = [];
    let quantity: number | null = null;
    let isOrdinal = false;
    let j = i;
    while (j < words.length && !isOrdinal) {
      const word = words[j] ?? '';
      const next = words[j + 1] ?? '';
      if (
        word in tens &&
        (next in units || next in ordinals) &&
        (units[next] ?? ordinals[next] ?? 0) < 10 &&
        (units[next] ?? ordinals[next] ?? 0) > 0
      ) {
        groups.push(String((tens[word] ?? 0) + (units[next] ?? ordinals[next] ?? 0)));
        isOrdinal = next in ordinals;
        j += 2;
      } else if (word in tens || word in teens || word in units) {
        groups.push(String(tens[word] ?? teens[word] ?? units[word]));
        j += 1;
      } else if (word in ordinals) {
        groups.push(String(ordinals[word]));
        isOrdinal = true;
        j += 1;
      } else if ((word === 'hundred' || word === 'thousand') && groups.length) {
        const base = Number(groups.pop());
        quantity = (quantity ?? 0) + base * (word === 'hundred' ? 100 : 1000);
        j += 1;
        if (words[j] === 'and' && isNumberWord(words[j + 1] ?? '')) j += 1;
        continue;
      } else break;
      if (quantity !== null) {
        quantity += Number(groups.pop());
        groups.push(String(quantity));
        quantity = null;
      }
    }
    if (quantity !== null) groups.push(String(quantity));
    if (!groups.length) {
      out.push(words[i] ?? '');
      i += 1;
      continue;
    }
    out.push(groups.join(''));
    if (isOrdinal) out.push('th');
    i = j;
  }
  return out;
}

const isNumberWord = (word: string) => word in units || word in teens || word in tens || word in ordinals;

export function wordErrors(reference: string, hypothesis: string): { errors: number; words: number } {
  const r = normaliseWords(reference);
  const h = normaliseWords(hypothesis);
  let previous = Array.from({ length: h.length + 1 }, (_, j) => j);
  for (let i = 1; i <= r.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= h.length; j += 1) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (r[i - 1] === h[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return { errors: previous[h.length] ?? 0, words: r.length };
}
