import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLocalModelDir } from '../../src/engine/engine-settings.js';
import { sendumpToMixtureWeights } from '../../src/engine/local/speaker-adaptation/sendump-mixture-weights.js';
import { trainingModelFiles, type TrainingModelFiles } from '../../src/engine/local/speaker-adaptation/training-model-files.js';

const isInstalled = existsSync(`${defaultLocalModelDir}/en-us/sendump`);

/** What identifies a file's one write: a rewrite (even by rename) changes the inode or the time. */
async function writeStamp(files: TrainingModelFiles) {
  const stamps = await Promise.all(
    [files.mdefText, files.mixtureWeights].map(async (f) => {
      const s = await stat(f);
      return `${s.ino}:${s.mtimeMs}`;
    }),
  );
  return stamps.join(' ');
}

describe.runIf(isInstalled)('the model files bw needs, made once per process and model folder', () => {
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'convoqa-training-model-test-'));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('builds the mdef text and mixture weights once, then hands the same files back untouched', async () => {
    const cacheRoot = path.join(work, 'cache-once');
    // Two speakers' estimates starting together share one build.
    const [first, racing] = await Promise.all([
      trainingModelFiles(defaultLocalModelDir, cacheRoot),
      trainingModelFiles(defaultLocalModelDir, cacheRoot),
    ]);
    expect(racing).toEqual(first);
    expect(
      (await readFile(first.mixtureWeights)).equals(sendumpToMixtureWeights(await readFile(`${defaultLocalModelDir}/en-us/sendump`))),
    ).toBe(true);
    expect(await readFile(first.mdefText, 'utf8')).toMatch(/^0\.3\n/);
    const stamp = await writeStamp(first);
    const again = await trainingModelFiles(defaultLocalModelDir, cacheRoot);
    expect(again).toEqual(first);
    expect(await writeStamp(again)).toBe(stamp);
    // Nothing half-written is left beside them.
    expect((await readdir(path.dirname(first.mdefText))).sort()).toEqual(['mdef.txt', 'mixture_weights']);
  });

  it('builds them again when they were removed since (a temp-folder cleaner)', async () => {
    const cacheRoot = path.join(work, 'cache-cleaned');
    const files = await trainingModelFiles(defaultLocalModelDir, cacheRoot);
    await rm(cacheRoot, { recursive: true, force: true });
    expect(await trainingModelFiles(defaultLocalModelDir, cacheRoot)).toEqual(files);
    expect(existsSync(files.mdefText) && existsSync(files.mixtureWeights)).toBe(true);
  });

  it('does not remember a failed build: the next call tries again', async () => {
    const modelDir = path.join(work, 'model');
    await mkdir(path.join(modelDir, 'en-us'), { recursive: true });
    await symlink(`${defaultLocalModelDir}/en-us/mdef`, path.join(modelDir, 'en-us', 'mdef'));
    const cacheRoot = path.join(work, 'cache-failed');
    await expect(trainingModelFiles(modelDir, cacheRoot)).rejects.toThrow(/sendump/);
    await symlink(`${defaultLocalModelDir}/en-us/sendump`, path.join(modelDir, 'en-us', 'sendump'));
    const files = await trainingModelFiles(modelDir, cacheRoot);
    expect((await stat(files.mixtureWeights)).size).toBeGreaterThan(1_000_000);
  });
});
