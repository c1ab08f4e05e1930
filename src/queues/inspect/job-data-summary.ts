/**
 * A job's payload in one short line for an operator's table: `key=value` pairs, nested values as
 * compact JSON, long values cut. Keys that name a secret are shown as hidden whatever they hold,
 * so a payload that ever carries one cannot leak it onto a page or a screenshot.
 */
const secretKey = /secret|token|password|passwd|authori[sz]ation|api[-_]?key|cookie|signature|credential|private/i;
const valueLimit = 80;
const summaryLimit = 300;

const cut = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);

function hideSecrets(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => hideSecrets(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, secretKey.test(key) ? '(hidden)' : hideSecrets(inner, depth + 1)]),
  );
}

const show = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? 'undefined' : JSON.stringify(value));

export function summarizeJobData(data: unknown): string {
  const safe = hideSecrets(data);
  if (safe === null || typeof safe !== 'object' || Array.isArray(safe)) return cut(show(safe), summaryLimit);
  const pairs = Object.entries(safe).map(([key, value]) => `${key}=${cut(show(value), valueLimit)}`);
  return pairs.length ? cut(pairs.join(', '), summaryLimit) : '(no data)';
}
