import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSampleCall } from '../../src/samples/sample-calls.js';
import { synthesizeConversation, type Turn } from '../support/synthesize.js';

// The engine's figures are only comparable if the recordings are the same bytes on every run:
// sox dithers 16-bit output with a random seed unless -R, silences from its null input included
// (docs/engine-bench.md, "Repeatable audio").
const turns: Turn[] = [
  { speaker: 'A', text: 'Thank you for calling, how can I help?' },
  { speaker: 'B', text: 'My card was declined twice today.' },
];
const digest = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
const work = await mkdtemp(path.join(tmpdir(), 'convoqa-repeatable-audio-'));
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('repeatable test and sample audio', () => {
  it('renders the same script to the same bytes every time, silences included, stereo and mono', async () => {
    for (const stereo of [true, false]) {
      const options = { stereo, pauseSeconds: 0.45 };
      const first = await synthesizeConversation(turns, options);
      const firstDigest = await digest(first);
      await rm(first); // not from the cache: rendered again
      const second = await synthesizeConversation(turns, options);
      expect(await digest(second), stereo ? 'stereo' : 'mono').toBe(firstDigest);
    }
  }, 30_000);

  it('renders another dither when asked (rendering n > 0), so the repeatable one is not an accident', async () => {
    const options = { stereo: true, pauseSeconds: 0.45 };
    const [repeatable, dithered] = await Promise.all([
      synthesizeConversation(turns, options),
      synthesizeConversation(turns, { ...options, rendering: 1 + Math.floor(Math.random() * 1e9) }),
    ]);
    expect(await digest(dithered)).not.toBe(await digest(repeatable));
    await rm(dithered);
  }, 30_000);

  it('writes the getting-started sample calls to the same bytes every time', async () => {
    const [a, b] = await Promise.all(
      ['a', 'b'].map((dir) =>
        writeSampleCall(
          path.join(work, dir),
          'check',
          turns.map((t) => ({ speaker: t.speaker === 'A' ? 'agent' : 'customer', text: t.text }) as const),
        ),
      ),
    );
    expect(path.basename(a ?? '')).toBe(path.basename(b ?? ''));
    expect(await digest(b ?? '')).toBe(await digest(a ?? ''));
  }, 30_000);
});
