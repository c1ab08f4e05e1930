import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RedactedTimeSpan } from './redact-outcome.js';

const run = promisify(execFile);

/** The tone's pitch and level (a third of full scale: clearly a beep, never clipping). */
const toneHz = 1_000;
const toneLevel = 0.3 * 32_767;

interface PcmWav {
  sampleRate: number;
  channels: number;
  /** The whole file; samples are 16-bit little endian from dataOffset. */
  bytes: Buffer;
  dataOffset: number;
  dataBytes: number;
}

/** The `fmt ` and `data` chunks of a 16-bit PCM WAV (what ffmpeg writes with pcm_s16le). */
function parsePcmWav(bytes: Buffer): PcmWav {
  let sampleRate = 0;
  let channels = 0;
  for (let offset = 12; offset + 8 <= bytes.length; ) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      channels = bytes.readUInt16LE(offset + 10);
      sampleRate = bytes.readUInt32LE(offset + 12);
    }
    if (id === 'data') return { sampleRate, channels, bytes, dataOffset: offset + 8, dataBytes: Math.min(size, bytes.length - offset - 8) };
    offset += 8 + size + (size % 2);
  }
  throw new Error('the decoded recording has no data chunk');
}

/**
 * Writes `output`, a 16-bit PCM WAV copy of `input` (any format ffmpeg reads, at its own sample
 * rate and channels) in which every span, on every channel, is replaced by a 1 kHz tone, so that
 * the masked words can be neither heard nor recognised again (docs/redaction.md, "Audio").
 * `spans` are seconds from the start, as redactOutcome's `timeSpans` give them.
 */
export async function toneOutSpans(input: string, spans: readonly RedactedTimeSpan[], output: string): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'convoqa-tone-'));
  try {
    const decoded = path.join(work, 'decoded.wav');
    await run('ffmpeg', [
      '-nostdin',
      '-hide_banner',
      '-v',
      'error',
      '-y',
      '-i',
      input,
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      '-c:a',
      'pcm_s16le',
      decoded,
    ]);
    const wav = parsePcmWav(await readFile(decoded));
    const frameBytes = 2 * wav.channels;
    const frames = Math.floor(wav.dataBytes / frameBytes);
    for (const span of spans) {
      const first = Math.max(0, Math.floor(span.start * wav.sampleRate));
      const last = Math.min(frames, Math.ceil(span.end * wav.sampleRate));
      for (let frame = first; frame < last; frame += 1) {
        const sample = Math.round(toneLevel * Math.sin((2 * Math.PI * toneHz * frame) / wav.sampleRate));
        for (let channel = 0; channel < wav.channels; channel += 1) {
          wav.bytes.writeInt16LE(sample, wav.dataOffset + frame * frameBytes + channel * 2);
        }
      }
    }
    await writeFile(output, wav.bytes);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
