// `npm run build`: compiles src/ and jobs/ to dist/ (tsconfig.build.json) and copies the files the
// code reads at run time beside its modules (console assets, engine data), so `node dist/src/…`
// runs as `node --import tsx src/…` does (docs/processes.md, "Compiled output").
//
// `--if-stale` (what `npm start` runs) builds only when dist/ is missing or was built from other
// sources: dist/.built-from holds a SHA-256 of every file under src/ and jobs/ (path and content),
// the tsconfig files, this script and TypeScript's version; a different hash means stale. A build
// goes to a folder of its own, then replaces dist/ by renames, under a lock, so processes starting
// side by side (tests, `npm start` twice) never see half a build and build once.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const stampName = '.built-from';
const lockDir = path.join(root, 'dist.lock');
const sourceFolders = ['src', 'jobs'];
const require = createRequire(import.meta.url);

/** Every file under `dir`, relative to the root, in a stable order. */
function filesUnder(dir) {
  const absolute = path.join(root, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

function sourcesFingerprint() {
  const hash = createHash('sha256');
  hash.update(require('typescript/package.json').version);
  for (const file of [...sourceFolders.flatMap(filesUnder), 'tsconfig.json', 'tsconfig.build.json', '.ci/build-dist.mjs']) {
    hash.update(`\0${file}\0`).update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

function builtFrom() {
  const stamp = path.join(dist, stampName);
  return existsSync(stamp) ? readFileSync(stamp, 'utf8') : null;
}

/** Holds dist.lock (a folder: made atomically) while `work` runs; a lock older than 10 minutes was left by a dead build. */
async function withLock(work) {
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs;
      if (age > 10 * 60_000) rmSync(lockDir, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function build(fingerprint) {
  const staging = path.join(root, `dist.building-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  const tsc = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json'), '--outDir', staging], { stdio: 'inherit' });
  if (result.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`tsc failed (exit ${result.status ?? result.signal})`);
  }
  // The files read beside the modules at run time: everything under src/ and jobs/ that tsc does not emit.
  for (const file of sourceFolders.flatMap(filesUnder).filter((file) => !/\.(ts|mts|cts)$/.test(file))) {
    cpSync(path.join(root, file), path.join(staging, file));
  }
  writeFileSync(path.join(staging, stampName), fingerprint);
  const old = path.join(root, `dist.old-${process.pid}`);
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(staging, dist);
  rmSync(old, { recursive: true, force: true });
}

const ifStale = process.argv.includes('--if-stale');
const started = Date.now();
await withLock(async () => {
  const fingerprint = sourcesFingerprint();
  if (ifStale && builtFrom() === fingerprint) return;
  process.stderr.write(ifStale ? 'dist/ is missing or older than the sources: building it (npm run build)\n' : '');
  build(fingerprint);
  process.stderr.write(`built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
});
