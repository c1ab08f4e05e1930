import { spawn } from 'node:child_process';
import path from 'node:path';
import { wavDurationSeconds } from '../../engine/audio/pcm-wav.js';
import type { DecodedRecording } from '../../engine/engine-types.js';
import { ProcessingError } from './processing-error.js';
import { tooLongMessage } from './probe-recording.js';

/** 16-bit PCM WAV without metadata chunks. */
const plainPcm = ['-c:a', 'pcm_s16le', '-fflags', '+bitexact', '-map_metadata', '-1'];

/**
 * Decodes any supported container with ffmpeg into 16 kHz mono WAV files: the mixdown, and for a
 * stereo recording each channel (agent and customer are often recorded on separate channels).
 * Decoding stops just past the duration cap, so a lying container cannot make it run for hours.
 */
export async function decodeRecording(
  input: string,
  workDir: string,
  options: { stereo: boolean; maxDurationSeconds: number },
): Promise<DecodedRecording> {
  const mixdown = path.join(workDir, 'mixdown.wav');
  const channels = options.stereo ? [path.join(workDir, 'channel-0.wav'), path.join(workDir, 'channel-1.wav')] : [];
  const limit = String(options.maxDurationSeconds + 1);
  const args = ['-nostdin', '-hide_banner', '-v', 'error', '-y', '-t', limit, '-i', input];
  if (options.stereo) {
    // aformat=mono: a split channel keeps its "FL"/"FR" layout otherwise, and the WAV writer then
    // uses WAVE_FORMAT_EXTENSIBLE, which pocketsphinx refuses.
    args.push(
      '-filter_complex',
      '[0:a:0]asplit=2[m][s];[m]aresample=16000,pan=mono|c0=0.5*c0+0.5*c1[mix];' +
        '[s]aresample=16000,channelsplit=channel_layout=stereo[l][r];[l]aformat=channel_layouts=mono[lm];[r]aformat=channel_layouts=mono[rm]',
    );
    args.push('-map', '[mix]', ...plainPcm, mixdown);
    args.push('-map', '[lm]', ...plainPcm, channels[0], '-map', '[rm]', ...plainPcm, channels[1]);
  } else {
    args.push('-map', '0:a:0', '-ac', '1', '-ar', '16000', ...plainPcm, mixdown);
  }
  await runFfmpeg(args);
  const durationSeconds = await wavDurationSeconds(mixdown);
  if (durationSeconds <= 0) throw new ProcessingError('undecodable_audio', 'The recording holds no audio');
  if (durationSeconds > options.maxDurationSeconds) {
    throw new ProcessingError('recording_too_long', tooLongMessage(durationSeconds, options.maxDurationSeconds));
  }
  return { mixdown, channels, durationSeconds };
}

function runFfmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4_000) stderr += chunk.toString();
    });
    child.on('error', (error) => reject(new ProcessingError('processing_failed', `ffmpeg could not start: ${error.message}`, false)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new ProcessingError(
            'undecodable_audio',
            `The recording could not be decoded: ${stderr.trim().split('\n')[0] ?? `ffmpeg exit ${code}`}`,
          ),
        );
    });
  });
}
