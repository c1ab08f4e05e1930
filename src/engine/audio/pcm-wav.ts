import { open } from 'node:fs/promises';

/** 16 kHz, 16-bit, mono PCM WAV: what decode-recording writes and the engines read. */
export const sampleRate = 16_000;
const bytesPerSecond = sampleRate * 2;

export interface WavLayout {
  /** Byte offset of the first sample. */
  dataOffset: number;
  dataBytes: number;
}

/** Finds the `data` chunk of a RIFF/WAVE file (writers may put LIST or fact chunks before it). */
export async function readWavLayout(file: string): Promise<WavLayout> {
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(header, 0, header.length, 0);
    if (header.toString('ascii', 0, 4) !== 'RIFF' || header.toString('ascii', 8, 12) !== 'WAVE') {
      throw new Error(`${file} is not a WAV file`);
    }
    for (let offset = 12; offset + 8 <= bytesRead; ) {
      const id = header.toString('ascii', offset, offset + 4);
      const size = header.readUInt32LE(offset + 4);
      if (id === 'data') {
        const { size: fileBytes } = await handle.stat();
        return { dataOffset: offset + 8, dataBytes: Math.min(size, fileBytes - offset - 8) };
      }
      offset += 8 + size + (size % 2);
    }
    throw new Error(`${file} has no data chunk in its first 4 KB`);
  } finally {
    await handle.close();
  }
}

export async function wavDurationSeconds(file: string): Promise<number> {
  return (await readWavLayout(file)).dataBytes / bytesPerSecond;
}

const layouts = new Map<string, Promise<WavLayout>>();

/** Samples between two times of a decoded channel, as signed 16-bit values. */
export async function readPcmRange(file: string, startSeconds: number, endSeconds: number): Promise<Int16Array> {
  let layout = layouts.get(file);
  if (!layout) {
    layout = readWavLayout(file);
    layouts.set(file, layout);
    if (layouts.size > 64) layouts.delete(layouts.keys().next().value as string);
  }
  const { dataOffset, dataBytes } = await layout;
  const start = Math.max(0, Math.floor(startSeconds * sampleRate));
  const end = Math.min(Math.floor(dataBytes / 2), Math.max(start, Math.floor(endSeconds * sampleRate)));
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(Math.max(0, end - start) * 2);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, dataOffset + start * 2);
    return new Int16Array(buffer.buffer, buffer.byteOffset, Math.floor(bytesRead / 2));
  } finally {
    await handle.close();
  }
}
