/**
 * Sample recordings for first calls and the demo: two-speaker support calls spoken by espeak-ng
 * (a voice per speaker) and joined by sox, written once under the data folder.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Turn {
  speaker: 'agent' | 'customer';
  text: string;
}

/** The voices the offline engine was tuned on (docs/engine-bench.md, "The development and held-out sets"). */
const voices = { agent: 'en-us+klatt2', customer: 'en-us+f2' } as const;

export const sampleCalls = {
  /** The agent greets, verifies, resolves and closes: every criterion passes. */
  'support-call': [
    { speaker: 'agent', text: 'Hello, you are through to Acme support, this is Daniel speaking. How can I help you today?' },
    { speaker: 'customer', text: 'Hello Daniel. I ordered a laptop two weeks ago and it still has not arrived.' },
    { speaker: 'agent', text: 'I am sorry to hear that. Can you give me your order number please?' },
    { speaker: 'customer', text: 'Yes, the order number is four five seven two.' },
    { speaker: 'agent', text: 'Thank you. The package was delayed at the warehouse. It will leave tomorrow and arrive on Friday.' },
    { speaker: 'customer', text: 'Great, thank you for your help.' },
    {
      speaker: 'agent',
      text: 'Is there anything else I can help you with today? Thank you for calling Acme. Goodbye and have a nice day.',
    },
  ],
  /** The same delay, but the agent blames the customer: the strict "no blaming" criterion fails. */
  'blaming-call': [
    { speaker: 'agent', text: 'Hello, you are through to Acme support, this is Daniel speaking. How can I help you today?' },
    { speaker: 'customer', text: 'Hello Daniel. I ordered a laptop two weeks ago and it still has not arrived.' },
    { speaker: 'agent', text: 'Can you give me your order number please?' },
    { speaker: 'customer', text: 'Yes, the order number is four five seven two.' },
    { speaker: 'agent', text: 'Well, you should have read the terms before you ordered. It is your own fault, that is your problem.' },
    { speaker: 'customer', text: 'That is not very helpful.' },
    { speaker: 'agent', text: 'It will leave tomorrow. Goodbye.' },
  ],
} satisfies Record<string, Turn[]>;

/**
 * Writes the call into `dir` unless it is there already; returns its path. The file name carries a
 * hash of the script and voices, so an edited script is made anew rather than served stale.
 */
export async function writeSampleCall(dir: string, name: string, turns: readonly Turn[]): Promise<string> {
  const version = createHash('sha256')
    .update(JSON.stringify({ voices, turns, repeatable: true }))
    .digest('hex')
    .slice(0, 12);
  const target = path.join(dir, `${name}-${version}.wav`);
  if (existsSync(target)) return target;
  await mkdir(dir, { recursive: true });
  const work = await mkdtemp(path.join(tmpdir(), 'convoqa-sample-'));
  try {
    const pause = path.join(work, 'pause.wav');
    // -R on every sox call: sox dithers 16-bit output (silence too) with a random seed otherwise, and
    // the same sample would then transcribe a little differently from one machine to the next.
    await run('sox', ['-R', '-n', '-r', '16000', '-c', '1', '-b', '16', pause, 'trim', '0', '0.7']);
    const parts: string[] = [];
    for (const [i, turn] of turns.entries()) {
      const raw = path.join(work, `turn-${i}-raw.wav`);
      const speech = path.join(work, `turn-${i}.wav`);
      await run('espeak-ng', ['-v', voices[turn.speaker], '-s', '150', '-w', raw, turn.text]);
      await run('sox', ['-R', raw, '-r', '16000', '-c', '1', '-b', '16', speech, 'gain', '-n', '-3']);
      parts.push(speech, pause);
    }
    const joined = path.join(work, 'joined.wav');
    await run('sox', ['-R', ...parts, joined]);
    await rename(joined, target).catch(async () => {
      // Another folder's file system: copy through sox instead of renaming.
      await run('sox', ['-R', joined, target]);
    });
    return target;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
