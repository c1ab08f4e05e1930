/** Where a criterion's quote sits in the transcript: a span of one turn's text. */
export interface QuoteSpan {
  turn: number;
  start: number;
  end: number;
}

const isWordChar = (c: string) => /[\p{L}\p{N}]/u.test(c);

/** Lower-cased letters and digits, single spaces between words; with each kept character's origin. */
function normalise(turns: readonly string[]): { text: string; origin: { turn: number; offset: number }[] } {
  let text = '';
  const origin: { turn: number; offset: number }[] = [];
  turns.forEach((turn, t) => {
    for (let i = 0; i < turn.length; i += 1) {
      const c = turn[i];
      if (isWordChar(c)) {
        text += c.toLowerCase();
        origin.push({ turn: t, offset: i });
      } else if (text && !text.endsWith(' ')) {
        text += ' ';
        origin.push({ turn: t, offset: i });
      }
    }
    if (text && !text.endsWith(' ')) {
      text += ' ';
      origin.push({ turn: t, offset: turn.length });
    }
  });
  return { text, origin };
}

const normaliseQuote = (quote: string) => normalise([quote]).text.trim();

/**
 * Finds a quote in the transcript's turns, ignoring case, punctuation and spacing (engines quote
 * loosely). A quote elided with "..." is looked for by its longest part. Answers one span per turn
 * the quote covers, in the turns' own character offsets; empty when it is not found.
 */
export function locateQuote(turns: readonly string[], quote: string): QuoteSpan[] {
  const { text, origin } = normalise(turns);
  const parts = quote
    .split(/\.\.\.|…/)
    .map(normaliseQuote)
    .filter((p) => p.length >= 3);
  const whole = normaliseQuote(quote);
  const candidates = [whole, ...parts.sort((a, b) => b.length - a.length)].filter((p) => p.length > 0);
  for (const needle of candidates) {
    // Whole words first ("hi" is not the one in "this"), then anywhere.
    const padded = ` ${text}`;
    const wordAt =
      padded.indexOf(` ${needle} `) >= 0
        ? padded.indexOf(` ${needle} `)
        : padded.endsWith(` ${needle}`)
          ? padded.length - needle.length - 1
          : -1;
    const at = wordAt >= 0 ? wordAt : needle.length >= 3 ? text.indexOf(needle) : -1;
    if (at < 0) continue;
    const spans = new Map<number, QuoteSpan>();
    for (let i = at; i < at + needle.length; i += 1) {
      const o = origin[i];
      if (!o || text[i] === ' ') continue;
      const span = spans.get(o.turn);
      if (span) span.end = o.offset + 1;
      else spans.set(o.turn, { turn: o.turn, start: o.offset, end: o.offset + 1 });
    }
    return [...spans.values()];
  }
  return [];
}
