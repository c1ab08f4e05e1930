/**
 * Test recordings made by the tests themselves: espeak-ng speaks each turn (speaker A and B with
 * different voices), sox joins them with pauses, mono or stereo (a speaker per channel), and
 * ffmpeg encodes the requested format. Results are cached by content in the temp folder.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const cacheDir = path.join(tmpdir(), 'convoqa-test-audio');

/** Voices the en-us acoustic model recognises best among espeak-ng's (docs/processing.md, "Engines"). */
export const voices = { A: 'en-us+klatt2', B: 'en-us+f2' } as const;
const defaultVoices: { A: string; B: string } = voices;

export interface Turn {
  speaker: 'A' | 'B';
  text: string;
}

export interface SynthesisOptions {
  stereo?: boolean;
  format?: 'wav' | 'mp3' | 'ogg' | 'flac' | 'm4a';
  pauseSeconds?: number;
  wordsPerMinute?: number;
  /** espeak-ng voice of each speaker (default: the two voices above). */
  voices?: { A: string; B: string };
  /** 0 (default): the same samples on every machine and run; n > 0: another random dither, cached as n. */
  rendering?: number;
}

export async function synthesizeConversation(turns: Turn[], options: SynthesisOptions = {}): Promise<string> {
  const { stereo = false, format = 'wav', pauseSeconds = 0.7, wordsPerMinute = 150 } = options;
  const voices = options.voices ?? defaultVoices;
  const { rendering = 0 } = options;
  // sox dithers when it writes 16-bit samples, even silence from its null input, with a random seed
  // unless -R: two renderings of the same script then differ in their last bit, and pocketsphinx can
  // hear a word differently (docs/engine-bench.md, "Repeatable audio"). Rendering 0 is repeatable
  // (-R on every sox call, silences included); rendering n > 0 is one random dither, cached under its
  // own key, to measure how much a figure moves with it.
  const repeatable = rendering === 0 ? ['-R'] : [];
  const key = createHash('sha256')
    .update(JSON.stringify({ turns, stereo, pauseSeconds, wordsPerMinute, voices, v: 3, ...(rendering ? { rendering } : {}) }))
    .digest('hex')
    .slice(0, 20);
  const target = path.join(cacheDir, `${key}.${format}`);
  if (existsSync(target)) return target;
  await mkdir(cacheDir, { recursive: true });
  const work = await mkdtemp(path.join(tmpdir(), 'convoqa-synth-'));
  try {
    const left: string[] = [];
    const right: string[] = [];
    const silence = async (name: string, seconds: number) => {
      const file = path.join(work, name);
      await run('sox', [...repeatable, '-n', '-r', '16000', '-c', '1', '-b', '16', file, 'trim', '0', String(seconds)]);
      return file;
    };
    const pause = await silence('pause.wav', pauseSeconds);
    for (const [i, turn] of turns.entries()) {
      const raw = path.join(work, `turn-${i}-raw.wav`);
      const speech = path.join(work, `turn-${i}.wav`);
      await run('espeak-ng', ['-v', voices[turn.speaker], '-s', String(wordsPerMinute), '-w', raw, turn.text]);
      await run('sox', [...repeatable, raw, '-r', '16000', '-c', '1', '-b', '16', speech, 'gain', '-n', '-3']);
      const { stdout } = await run('soxi', ['-D', speech]);
      const quiet = await silence(`turn-${i}-quiet.wav`, Number(stdout.trim()));
      left.push(turn.speaker === 'A' ? speech : quiet, pause);
      right.push(turn.speaker === 'B' ? speech : quiet, pause);
    }
    const leftFile = path.join(work, 'left.wav');
    const rightFile = path.join(work, 'right.wav');
    await run('sox', [...repeatable, ...left, leftFile]);
    await run('sox', [...repeatable, ...right, rightFile]);
    const mixed = path.join(work, 'mixed.wav');
    if (stereo) await run('sox', [...repeatable, '-M', leftFile, rightFile, mixed]);
    else await run('sox', [...repeatable, '-m', leftFile, rightFile, mixed]);
    const encoded = path.join(work, `out.${format}`);
    await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', mixed, encoded]);
    await rename(encoded, target);
    return target;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A tone of the given length (cheap "recordings" for limit tests). */
export async function synthesizeTone(seconds: number, format: 'wav' | 'mp3' = 'wav'): Promise<string> {
  await mkdir(cacheDir, { recursive: true });
  const target = path.join(cacheDir, `tone-${seconds}.${format}`);
  if (!existsSync(target)) {
    const partial = `${target}.partial.${format}`;
    await run('sox', ['-R', '-n', '-r', '8000', '-c', '1', partial, 'synth', String(seconds), 'sine', '440']);
    await rename(partial, target);
  }
  return target;
}

/** A two-speaker support call used across tests (about 30 s). */
export const supportCall: Turn[] = [
  { speaker: 'A', text: 'Thank you for calling Acme support, my name is Daniel. How can I help you today?' },
  { speaker: 'B', text: 'Hello Daniel. I ordered a laptop two weeks ago and it still has not arrived.' },
  { speaker: 'A', text: 'I am sorry to hear that. Can you give me your order number please?' },
  { speaker: 'B', text: 'Yes, the order number is four five seven two.' },
  { speaker: 'A', text: 'Thank you. The package was delayed at the warehouse. It will ship tomorrow and arrive on Friday.' },
  { speaker: 'B', text: 'Great, thank you for your help.' },
  { speaker: 'A', text: 'Is there anything else I can help you with today? Have a nice day, goodbye.' },
];
