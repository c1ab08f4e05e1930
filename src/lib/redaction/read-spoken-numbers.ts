/**
 * Rewrites a transcript so spoken digits read as digits ("four five" -> "4 5", "double seven" ->
 * "77", "twenty six" -> "26", "oh" -> "0" next to other digits), lower-cased, keeping for every
 * character of the rewrite the range of original characters it came from, so a match on the
 * rewrite maps back to the spoken words.
 */
export interface SpokenReading {
  text: string;
  /** For each character of `text`, the original [start, end). */
  from: Array<[number, number]>;
}

const UNITS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
const ORDINAL_UNITS: Record<string, string> = {
  first: '1',
  second: '2',
  third: '3',
  fourth: '4',
  fifth: '5',
  sixth: '6',
  seventh: '7',
  eighth: '8',
  ninth: '9',
};
const TEENS: Record<string, string> = {
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
  tenth: '10',
  eleventh: '11',
  twelfth: '12',
  thirteenth: '13',
  fourteenth: '14',
  fifteenth: '15',
  sixteenth: '16',
  seventeenth: '17',
  eighteenth: '18',
  nineteenth: '19',
  twentieth: '20',
  thirtieth: '30',
};
const TENS: Record<string, string> = {
  twenty: '2',
  thirty: '3',
  forty: '4',
  fifty: '5',
  sixty: '6',
  seventy: '7',
  eighty: '8',
  ninety: '9',
};
const REPEAT: Record<string, number> = { double: 2, triple: 3 };
/** Hesitations a recogniser writes; between two digits they are dropped so the number reads whole. */
const FILLERS = new Set(['uh', 'um', 'umm', 'er', 'erm', 'ah', 'hmm']);
/** Punctuation a recogniser writes round a hesitation ("nine, uh, one", "nine. Uh. One"). */
const PAUSE_MARK = /^[,.;…-]$/;

interface Token {
  text: string;
  start: number;
  end: number;
}

function unitOf(word: string | undefined): string | undefined {
  if (word === undefined) return undefined;
  if (word === 'oh') return '0';
  return UNITS[word] ?? ORDINAL_UNITS[word];
}

function isDigitish(word: string | undefined): boolean {
  if (word === undefined) return false;
  return (
    /^\d+$/.test(word) ||
    word === 'oh' ||
    unitOf(word) !== undefined ||
    TEENS[word] !== undefined ||
    TENS[word] !== undefined ||
    REPEAT[word] !== undefined
  );
}

export function readSpokenNumbers(original: string): SpokenReading {
  const tokens: Token[] = [];
  for (const m of original.matchAll(/[A-Za-z]+(?:'[A-Za-z]+)?|\d+|[^\sA-Za-z\d]/g)) {
    tokens.push({ text: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length });
  }
  const out: string[] = [];
  const from: Array<[number, number]> = [];
  const emit = (s: string, start: number, end: number) => {
    for (const ch of s) {
      out.push(ch);
      from.push([start, end]);
    }
  };
  let previousEnd = -1;
  for (let i = 0; i < tokens.length; i += 1) {
    const tok = tokens[i];
    if (previousEnd >= 0 && tok.start > previousEnd) emit(' ', previousEnd, tok.start);
    const next = tokens[i + 1]?.text;
    const prev = tokens[i - 1]?.text;
    if (FILLERS.has(tok.text)) {
      // "four one one one, uh, one one one one": the punctuation a recogniser puts round the
      // hesitation goes with it, so the number still reads as one.
      let p = i - 1;
      while (p >= 0 && PAUSE_MARK.test(tokens[p].text)) p -= 1;
      let n = i + 1;
      while (n < tokens.length && PAUSE_MARK.test(tokens[n].text)) n += 1;
      if (isDigitish(tokens[p]?.text) && isDigitish(tokens[n]?.text)) {
        i = n - 1;
        continue;
      }
    }
    let consumed = 0;
    let value: string | undefined;
    const year = tok.text === 'two' && next === 'thousand' ? readYearAfterTwoThousand(tokens, i + 2) : undefined;
    const hundreds = UNITS[tok.text] !== undefined && next === 'hundred' ? readHundreds(tokens, i + 2) : undefined;
    if (year !== undefined) {
      value = year.value;
      consumed = year.consumed;
    } else if (hundreds !== undefined) {
      value = UNITS[tok.text] + hundreds.value;
      consumed = hundreds.consumed + 1;
    } else if (REPEAT[tok.text] !== undefined && unitOf(next) !== undefined) {
      value = unitOf(next)!.repeat(REPEAT[tok.text]);
      consumed = 1;
    } else if (TENS[tok.text] !== undefined) {
      const unit = unitOf(next);
      value = TENS[tok.text] + (unit ?? '0');
      if (unit !== undefined) consumed = 1;
    } else if (TEENS[tok.text] !== undefined) {
      value = TEENS[tok.text];
    } else if (unitOf(tok.text) !== undefined) {
      // "second" and "first" are ordinary words far more often than dates; read them only beside a number.
      const isOrdinal = ORDINAL_UNITS[tok.text] !== undefined;
      if (!isOrdinal || prev === 'the' || isDigitish(prev) || isMonth(prev) || next === 'of') value = unitOf(tok.text);
    } else if ((tok.text === 'slash' || tok.text === 'dash' || tok.text === 'hyphen') && isDigitish(prev) && isDigitish(next)) {
      value = tok.text === 'slash' ? '/' : '-';
    } else if ((tok.text === 'oh' || tok.text === 'o') && (isDigitish(next) || isDigitish(prev))) {
      value = '0';
    }
    const last = tokens[i + consumed];
    if (value !== undefined) emit(value, tok.start, last.end);
    else emit(tok.text, tok.start, tok.end);
    previousEnd = last.end;
    i += consumed;
  }
  return { text: out.join(''), from };
}

/**
 * "two thousand", "two thousand and five", "two thousand twelve": years of this century, said the
 * way people say birth years. Other hundreds and thousands stay words, so amounts stay amounts.
 */
function readYearAfterTwoThousand(tokens: Token[], from: number): { value: string; consumed: number } | undefined {
  let at = from;
  if (tokens[at]?.text === 'and') at += 1;
  const word = tokens[at]?.text;
  const pad = (n: string) => `20${n.padStart(2, '0')}`;
  if (word !== undefined && TEENS[word] !== undefined) return { value: pad(TEENS[word]), consumed: at - from + 2 };
  if (word !== undefined && TENS[word] !== undefined) {
    const unit = UNITS[tokens[at + 1]?.text ?? ''];
    return { value: pad(TENS[word] + (unit ?? '0')), consumed: at - from + (unit === undefined ? 2 : 3) };
  }
  if (word !== undefined && UNITS[word] !== undefined) return { value: pad(UNITS[word]), consumed: at - from + 2 };
  return { value: '2000', consumed: 1 };
}

/**
 * The rest of "<unit> hundred ...": "two hundred and forty five" -> "45", "two hundred five dollars"
 * -> "05", and "00" when digits follow one by one, as a toll-free "eight hundred five five five" is said.
 * Amounts so read are still left alone: the words after them ("dollars", "units") mark them.
 */
function readHundreds(tokens: Token[], from: number): { value: string; consumed: number } {
  let at = from;
  if (tokens[at]?.text === 'and') at += 1;
  const word = tokens[at]?.text ?? '';
  const after = tokens[at + 1]?.text;
  if (TEENS[word] !== undefined && !word.endsWith('th')) return { value: TEENS[word], consumed: at - from + 1 };
  if (TENS[word] !== undefined) {
    const unit = UNITS[after ?? ''];
    return { value: TENS[word] + (unit ?? '0'), consumed: at - from + (unit === undefined ? 1 : 2) };
  }
  if (UNITS[word] !== undefined && (at > from || !isDigitish(after))) return { value: `0${UNITS[word]}`, consumed: at - from + 1 };
  return { value: '00', consumed: 0 };
}

export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
];

function isMonth(word: string | undefined): boolean {
  return word !== undefined && MONTHS.includes(word);
}

/** Original [start, end) of the rewrite's characters [start, end). */
export function originalRange(reading: SpokenReading, start: number, end: number): [number, number] {
  return [reading.from[start][0], reading.from[end - 1][1]];
}
