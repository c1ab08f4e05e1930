import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RecordingTooLargeError, type ByteRange, type RecordingStorage } from './recording-storage.js';

/** Counts bytes through a stream and fails it past a cap, so a huge body is never fully read. */
export function byteLimit(maxBytes: number): Transform & { bytes: () => number } {
  let bytes = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) callback(new RecordingTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
  return Object.assign(limiter, { bytes: () => bytes });
}

/** Recordings as files under DATA_DIR/recordings; a write lands under its final name only when complete. */
export class FolderRecordingStorage implements RecordingStorage {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.resolve(dataDir, 'recordings');
  }

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(`${this.root}${path.sep}`)) throw new Error(`invalid storage key: ${key}`);
    return full;
  }

  async write(key: string, body: Readable, options: { maxBytes: number; signal?: AbortSignal }) {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial-${process.pid}-${Date.now()}`;
    const limiter = byteLimit(options.maxBytes);
    try {
      await pipeline(body, limiter, createWriteStream(partial), { signal: options.signal });
      await rename(partial, target);
      return { bytes: limiter.bytes() };
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async withLocalFile<T>(key: string, work: (file: string) => Promise<T>): Promise<T> {
    return work(this.pathOf(key));
  }

  async stat(key: string): Promise<{ bytes: number } | null> {
    return stat(this.pathOf(key)).then(
      (found) => (found.isFile() ? { bytes: found.size } : null),
      () => null,
    );
  }

  openRead(key: string, range?: ByteRange): Readable {
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async exists(key: string): Promise<boolean> {
    return access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
