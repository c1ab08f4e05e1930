/**
 * A speaker's words retold in the third person: the customer's "my internet is down" becomes
 * "their internet is down", the agent's "your card" becomes "the customer's card".
 */
const customerShift: [RegExp, string][] = [
  [/\bI am\b|\bI'm\b/gi, 'they are'],
  [/\bI was\b/gi, 'they were'],
  [/\bI have\b|\bI've\b/gi, 'they have'],
  [/\bI had\b|\bI'd\b/gi, 'they had'],
  [/\bI will\b|\bI'll\b/gi, 'they will'],
  [/\bI do not\b|\bI don't\b/gi, 'they do not'],
  [/\bI did not\b|\bI didn't\b/gi, 'they did not'],
  [/\bI\b/g, 'they'],
  [/\bmy\b/gi, 'their'],
  [/\bmine\b/gi, 'theirs'],
  [/\bmyself\b/gi, 'themselves'],
  [/\bme\b/gi, 'them'],
  [/\bwe\b/gi, 'they'],
  [/\bour\b/gi, 'their'],
  [/\bus\b/gi, 'them'],
];

const agentShift: [RegExp, string][] = [
  [/\byour\b/gi, "the customer's"],
  [/\byou are\b|\byou're\b/gi, 'the customer is'],
  [/\byou\b/gi, 'the customer'],
  [/\bour\b/gi, 'the'],
  [/\bwe\b/gi, 'the company'],
  [/\bmy\b/gi, 'their'],
  [/\bme\b/gi, 'the agent'],
];

export function retellCustomer(text: string): string {
  return tidy(customerShift.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text));
}

export function retellAgent(text: string): string {
  return tidy(agentShift.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text));
}

/** One clause as part of a sentence: no end punctuation, no doubled spaces or commas. */
export function tidy(text: string): string {
  return text
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([,.;:!?])\1+/g, '$1')
    .replace(/^[\s,;:.!?-]+|[\s,;:.!?-]+$/g, '')
    .trim();
}

/** The sentences written out: each starts with a capital and ends with one full stop. */
export function asSentences(parts: string[]): string {
  return parts
    .map((p) => tidy(p))
    .filter(Boolean)
    .map((p) => `${p[0]?.toUpperCase()}${p.slice(1)}.`)
    .join(' ');
}
