import { execFile } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sendumpToMixtureWeights } from './sendump-mixture-weights.js';

const run = promisify(execFile);

/** The two model files sphinxtrain's bw needs that Debian's pocketsphinx-en-us does not ship. */
export interface TrainingModelFiles {
  /** The model definition as text (pocketsphinx_mdef_convert -text). */
  mdefText: string;
  /** Sphinx-III mixture weights rewritten from the model's `sendump`. */
  mixtureWeights: string;
}

/** Where the files are kept unless told otherwise: shared by every process of the machine. */
export const defaultTrainingModelCacheRoot = path.join(tmpdir(), 'convoqa-sphinxtrain-model');

/** Bound on one build (the two conversions take about 0.3 s). */
const buildTimeoutMs = 2 * 60_000;

const builds = new Map<string, Promise<TrainingModelFiles>>();

/**
 * The mdef text and mixture weights of the acoustic model in `modelDir` (its `en-us/` folder),
 * built once per process and model folder and kept in `cacheRoot`, under a name that changes with
 * the model files' size and time, so a later process (or another one at the same time) reuses them.
 * Both depend only on the model, while the speaker adaptation needs them for every speaker of every
 * call. Each file is written under a temporary name and renamed, so a racing process never reads a
 * half-written one. A failed build is forgotten (the next call tries again), and files removed
 * since (a temp-folder cleaner) are built again.
 */
export async function trainingModelFiles(modelDir: string, cacheRoot = defaultTrainingModelCacheRoot): Promise<TrainingModelFiles> {
  const key = `${path.resolve(modelDir)}\0${path.resolve(cacheRoot)}`;
  let build = builds.get(key);
  if (!build) {
    build = buildTrainingModelFiles(modelDir, cacheRoot);
    builds.set(key, build);
    build.catch(() => {
      if (builds.get(key) === build) builds.delete(key);
    });
  }
  const files = await build;
  if (await allExist(files)) return files;
  if (builds.get(key) === build) builds.delete(key);
  return trainingModelFiles(modelDir, cacheRoot);
}

async function buildTrainingModelFiles(modelDir: string, cacheRoot: string): Promise<TrainingModelFiles> {
  const acoustic = path.join(modelDir, 'en-us');
  const sendump = path.join(acoustic, 'sendump');
  const mdef = path.join(acoustic, 'mdef');
  const [sendumpStat, mdefStat] = await Promise.all([stat(sendump), stat(mdef)]);
  const version = createHash('sha256')
    .update([path.resolve(acoustic), sendumpStat.size, sendumpStat.mtimeMs, mdefStat.size, mdefStat.mtimeMs].join('\0'))
    .digest('hex')
    .slice(0, 16);
  const folder = path.join(cacheRoot, version);
  await mkdir(folder, { recursive: true });
  const files: TrainingModelFiles = { mdefText: path.join(folder, 'mdef.txt'), mixtureWeights: path.join(folder, 'mixture_weights') };
  if (!(await exists(files.mixtureWeights))) {
    await writeAtomically(files.mixtureWeights, async (temporary) =>
      writeFile(temporary, sendumpToMixtureWeights(await readFile(sendump))),
    );
  }
  if (!(await exists(files.mdefText))) {
    await writeAtomically(files.mdefText, async (temporary) => {
      await run('pocketsphinx_mdef_convert', ['-text', mdef, temporary], {
        timeout: buildTimeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 16 * 1024 * 1024,
      });
    });
  }
  return files;
}

/** Writes `target` through a name of this process's own, then renames it into place (atomic on one file system). */
async function writeAtomically(target: string, write: (temporary: string) => Promise<unknown>): Promise<void> {
  const temporary = `${target}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await write(temporary);
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

async function allExist(files: TrainingModelFiles): Promise<boolean> {
  return (await Promise.all([exists(files.mdefText), exists(files.mixtureWeights)])).every(Boolean);
}
