import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A probe's command line: `--name=value`, or `--name` alone (value ''). */
export const probeArgs = (argv: string[]) =>
  new Map(argv.map((a) => (a.includes('=') ? [a.slice(2, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a.slice(2), ''])));

/** The one human recording on the machine: TIMIT's SA1 sentence, shipped with sphinxtrain. */
export const humanSentence = {
  file: '/usr/lib/x86_64-linux-gnu/sphinxtrain/python/cmusphinx/test/sa1.wav',
  text: 'she had your dark suit in greasy wash water all year',
};

/** A voice name as a file name (`en-us+f4` → `en_us_f4`). */
export const voiceFileName = (voice: string) => voice.replace(/\W/g, '_');

/** A 16 kHz mono pause of `seconds`, the same samples every run (sox -R: no random dither). */
export async function writePause(file: string, seconds = 0.7): Promise<string> {
  await run('sox', ['-R', '-n', '-r', '16000', '-c', '1', '-b', '16', file, 'trim', '0', String(seconds)]);
  return file;
}

/**
 * One voice reading every line (espeak-ng, or Debian's flite for `flite:<voice>`), joined with
 * `pause` between lines into one 16 kHz mono recording in `work`; repeatable (sox -R).
 */
export async function readLinesByVoice(voice: string, lines: string[], work: string, pause: string): Promise<string> {
  const name = voiceFileName(voice);
  const files = await Promise.all(
    lines.map(async (text, i) => {
      const raw = path.join(work, `${name}-${i}-raw.wav`);
      const file = path.join(work, `${name}-${i}.wav`);
      if (voice.startsWith('flite:')) await run('flite', ['-voice', voice.slice('flite:'.length), '-t', text, '-o', raw]);
      else await run('espeak-ng', ['-v', voice, '-w', raw, text]);
      await run('sox', ['-R', raw, '-r', '16000', '-c', '1', '-b', '16', file]);
      return file;
    }),
  );
  const joined = path.join(work, `${name}-joined.wav`);
  await run('sox', ['-R', ...files.flatMap((f, i) => (i ? [pause, f] : [f])), joined]);
  return joined;
}
