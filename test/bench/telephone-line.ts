import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A recording as a telephone line delivers it: band-limited to 300–3400 Hz, 8 kHz, μ-law (G.711),
 * with a steady hiss at -40 dBFS (about 20 dB under the speech); each channel alike. Repeatable (sox -R, a fixed
 * noise seed).
 */
export async function throughTelephoneLine(input: string, output: string): Promise<string> {
  const { stdout } = await run('soxi', ['-c', input]);
  const channels = stdout.trim();
  const noise = `${output}.noise.wav`;
  const { stdout: seconds } = await run('soxi', ['-D', input]);
  await run('sox', ['-R', '-n', '-r', '16000', '-c', channels, '-b', '16', noise, 'synth', seconds.trim(), 'whitenoise', 'vol', '0.01']);
  await run('sox', ['-R', '-m', input, noise, '-r', '8000', '-e', 'u-law', output, 'sinc', '300-3400']);
  return output;
}
