/**
 * Sends a list of requests at a steady rate with a bounded number in flight, as a sender with its
 * own outbox would: a request whose connection is cut or refused (a `web` killed mid-request), or
 * that is answered with a 5xx or 429, is sent again after a pause, to the other `web` (the
 * balancer's redispatch), up to `maxAttempts` times. A cut or a 5xx other than 503 leaves it
 * unknown whether the request was carried out: `afterCut` may look before it is sent again.
 */
export interface Attempted<T> {
  /** The answer that ended the request (undefined when every attempt failed). */
  answer?: T;
  /** Attempts whose connection failed (reset, refused, closed without an answer) or answered a 5xx other than 503. */
  cut: number;
  /** Attempts answered 503 or 429. */
  deferred: number;
  /** The status of the last answer (0 when none came). */
  lastStatus: number;
}

export interface PacedSendOptions {
  perSecond: number;
  inFlight: number;
  /** Attempts cut or answered 5xx (other than 503) before the request is given up. */
  maxAttempts?: number;
  /** How long 503 and 429 answers (each waited out as its Retry-After says) are retried. */
  deferForMs?: number;
  /** Called after each request settles, with how many have (for a kill part-way). */
  onSettled?: (settled: number) => void;
}

export type Outcome<T> = { kind: 'answer'; status: number; value: T; retryAfterSeconds?: number } | { kind: 'cut' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `send(index, attempt, web)` makes one attempt, to web 0 or 1 (alternating per request and per
 * attempt); `afterCut(index)` may say, after a cut, that the request need not be sent again (it was
 * found committed) by returning its answer.
 */
export async function sendPaced<T>(
  count: number,
  send: (index: number, attempt: number, web: number) => Promise<Outcome<T>>,
  options: PacedSendOptions & { afterCut?: (index: number) => Promise<T | undefined> },
): Promise<Attempted<T>[]> {
  const results: Attempted<T>[] = Array.from({ length: count }, () => ({ cut: 0, deferred: 0, lastStatus: 0 }));
  const maxAttempts = options.maxAttempts ?? 12;
  const deferForMs = options.deferForMs ?? 900_000;
  const started = Date.now();
  let next = 0;
  let settled = 0;
  const one = async (index: number) => {
    const result = results[index];
    const since = Date.now();
    for (let attempt = 0, failed = 0; failed < maxAttempts && Date.now() - since < deferForMs; attempt += 1) {
      const outcome = await send(index, attempt, (index + attempt) % 2);
      if (outcome.kind === 'answer') result.lastStatus = outcome.status;
      if (outcome.kind === 'answer' && outcome.status < 500 && outcome.status !== 429) {
        result.answer = outcome.value;
        return;
      }
      if (outcome.kind === 'cut' || (outcome.status !== 503 && outcome.status !== 429)) {
        result.cut += 1;
        failed += 1;
        await sleep(250 * failed);
        const found = await options.afterCut?.(index);
        if (found !== undefined) {
          result.answer = found;
          return;
        }
      } else {
        // 503 or 429: not carried out; the answer's Retry-After says when to come back.
        result.deferred += 1;
        await sleep(Math.max(250, (outcome.retryAfterSeconds ?? 0) * 1000));
      }
    }
  };
  const lane = async () => {
    for (;;) {
      const index = next++;
      if (index >= count) return;
      // Pace: request i leaves no earlier than i / perSecond after the start.
      const due = started + (index * 1000) / options.perSecond;
      if (due > Date.now()) await sleep(due - Date.now());
      await one(index);
      settled += 1;
      options.onSettled?.(settled);
    }
  };
  await Promise.all(Array.from({ length: options.inFlight }, lane));
  return results;
}
