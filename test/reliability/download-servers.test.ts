import { expect, it } from 'vitest';
import { pollListTranscriptions, submitAndWait } from '../support/download-matrix.js';
import { downloadMatrixForFile } from '../support/download-matrix-for-file.js';

/**
 * `python3 -m http.server` (HTTP/1.0, it closes the connection after the
 * body) serving a 20 MB WAV to several downloads while the event loop is busy killed the process
 * with undici 7's uncatchable `assert(!this.paused)`. Here 20 such submissions (and chunked and
 * gzip ones of the same file) run in this process, with the event loop busy 50 ms in every 250,
 * while list-transcriptions is polled once a second: every one must COMPLETE and every poll answer
 * 200. With undici 7 (before outbound HTTP moved to got) this file's run reported 7 uncaught
 * `AssertionError: assert(!this.paused)` from `Parser.finish`, each of which kills a real process.
 */
const megabytes = 20;
const matrix = downloadMatrixForFile({ wavs: { 'big.wav': megabytes * 1024 * 1024 }, tag: 'big', concurrency: 6 });

it(`completes 20 submissions of a ${megabytes} MB file from python3 -m http.server (and chunked, gzip) with the API answering throughout`, async () => {
  const urls = [
    ...Array.from({ length: 20 }, () => `${matrix.plain.baseUrl}/big.wav`),
    ...Array.from({ length: 4 }, () => `${matrix.odd.baseUrl}/chunked/big.wav`),
    ...Array.from({ length: 4 }, () => `${matrix.odd.baseUrl}/gzip/big.wav`),
  ];
  // A busy event loop: what put undici's parser under backpressure when the server's end arrived.
  const busy = setInterval(() => {
    const until = Date.now() + 50;
    while (Date.now() < until) {
      /* spin */
    }
  }, 250);
  const started = Date.now();
  const poller = pollListTranscriptions(matrix.account, 1_000);
  try {
    const outcomes = await Promise.all(urls.map((url) => submitAndWait(matrix.account, matrix.configurationId, url, 400_000)));
    const polls = await poller.stop();
    const completed = outcomes.filter((o) => o.status === 'COMPLETED').length;
    process.stdout.write(
      `python http.server matrix: ${urls.length} submissions of ${megabytes} MB (20 HTTP/1.0, 4 chunked, 4 gzip): ${completed} completed, ` +
        `${outcomes.length - completed} failed in ${Math.round((Date.now() - started) / 1000)} s; ` +
        `list-transcriptions polled ${polls.polls} times, ${polls.ok} answered 200; process alive: pid ${process.pid}\n`,
    );
    for (const outcome of outcomes) expect(outcome).toMatchObject({ status: 'COMPLETED', error: null });
    // Polled once a second from the start to the last outcome (one poll at a time, so a slow answer
    // delays the next): at least one poll per two seconds of the run, and never fewer than two.
    const seconds = (Date.now() - started) / 1000;
    expect(polls.polls).toBeGreaterThanOrEqual(Math.max(2, Math.floor(seconds / 2)));
    expect(polls.statuses.every((s) => s === 200)).toBe(true);
  } finally {
    clearInterval(busy);
    await poller.stop();
  }
}, 600_000);
