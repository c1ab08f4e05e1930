import { expect, it } from 'vitest';
import { pollListTranscriptions, submitAndWait } from '../support/download-matrix.js';
import { downloadMatrixForFile } from '../support/download-matrix-for-file.js';

/**
 * The download matrix, light: one recording from each kind of real server (Python's, not our
 * Node code) on loopback. Each ends COMPLETED, or FAILED with an error naming its cause, while
 * list-transcriptions is polled and answers 200 every time. The heavy case (20 × 20 MB from
 * `python3 -m http.server`) is test/reliability/download-servers.test.ts.
 */
const matrix = downloadMatrixForFile({
  // call.wav, and 5 MB of silence: a few KB gzipped, over the 1 MB cap once decoded.
  wavs: { 'call.wav': 400_000, 'bomb.wav': 5 * 1024 * 1024 },
  tag: 'matrix',
  concurrency: 4,
  harness: { processing: { downloadTimeoutMs: 20_000, downloadIdleTimeoutMs: 1_000, maxRecordingBytes: 1024 * 1024 } },
});

it('ends every kind of server COMPLETED or FAILED with its cause, and the API answers throughout', async () => {
  const oddHost = new URL(matrix.odd.baseUrl).host;
  const cases: { label: string; url: string; expected: 'COMPLETED' | RegExp }[] = [
    { label: 'python3 -m http.server (HTTP/1.0, closes after the body)', url: `${matrix.plain.baseUrl}/call.wav`, expected: 'COMPLETED' },
    { label: 'HTTP/1.1 chunked', url: `${matrix.odd.baseUrl}/chunked/call.wav`, expected: 'COMPLETED' },
    { label: 'a trickled body', url: `${matrix.odd.baseUrl}/trickle/call.wav`, expected: 'COMPLETED' },
    { label: 'gzip-encoded', url: `${matrix.odd.baseUrl}/gzip/call.wav`, expected: 'COMPLETED' },
    {
      label: 'a redirect to the HTTP/1.0 server',
      url: `${matrix.odd.baseUrl}/redirect/call.wav?to=${encodeURIComponent(`${matrix.plain.baseUrl}/call.wav`)}`,
      expected: 'COMPLETED',
    },
    {
      label: 'Content-Length under the body',
      url: `${matrix.odd.baseUrl}/long/call.wav`,
      expected: new RegExp(
        `^download_failed: The recording could not be downloaded from ${oddHost}: the answer is not valid HTTP after \\d+ of 399000 bytes of the body \\(Parse Error: `,
      ),
    },
    {
      label: 'closed mid-body',
      url: `${matrix.odd.baseUrl}/cut/call.wav`,
      expected: new RegExp(
        `^download_failed: The recording could not be downloaded from ${oddHost}: the connection closed after \\d+ of 400000 bytes of the body`,
      ),
    },
    {
      label: 'Content-Length over the body, then closed',
      url: `${matrix.odd.baseUrl}/short/call.wav`,
      expected: new RegExp(
        `^download_failed: The recording could not be downloaded from ${oddHost}: the connection closed after \\d+ of 401000 bytes of the body`,
      ),
    },
    {
      label: 'a gzip body over the size cap once decoded',
      url: `${matrix.odd.baseUrl}/gzip/bomb.wav`,
      expected: /^recording_too_large: The recording exceeds 1 MB$/,
    },
    {
      label: 'a server that goes silent mid-body',
      url: `${matrix.odd.baseUrl}/stall/call.wav`,
      expected: new RegExp(`^download_timeout: The recording server ${oddHost} sent nothing for 1 s$`),
    },
    {
      label: 'a redirect to a server error',
      url: `${matrix.odd.baseUrl}/redirect/call.wav?to=${encodeURIComponent(`${matrix.odd.baseUrl}/status/503/call.wav`)}`,
      expected: /^download_failed: The recording URL answered HTTP 503( [A-Za-z ]+)? \(host 127\.0\.0\.1:\d+\)$/,
    },
  ];
  const poller = pollListTranscriptions(matrix.account, 200);
  const outcomes = await Promise.all(cases.map((c) => submitAndWait(matrix.account, matrix.configurationId, c.url, 60_000)));
  const polls = await poller.stop();
  outcomes.forEach((outcome, i) => {
    const { label, expected } = cases[i];
    if (expected === 'COMPLETED') expect(outcome, label).toMatchObject({ status: 'COMPLETED', error: null });
    else {
      expect(outcome.status, label).toBe('FAILED');
      expect(`${outcome.error?.code}: ${outcome.error?.message}`, label).toMatch(expected);
    }
  });
  process.stdout.write(
    `download matrix: ${outcomes.filter((o) => o.status === 'COMPLETED').length} completed, ${outcomes.filter((o) => o.status === 'FAILED').length} failed; ` +
      `list-transcriptions polled ${polls.polls} times, ${polls.ok} answered 200\n`,
  );
  expect(polls.polls).toBeGreaterThan(0);
  expect(polls.statuses.every((s) => s === 200)).toBe(true);
}, 120_000);
