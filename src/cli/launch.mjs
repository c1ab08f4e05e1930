/**
 * Starts `npm run cli` fast: runs a bundle of src/cli/main.ts (esbuild, packages left external),
 * rebuilt only when a file under src/ or the lock file changed, instead of transpiling some 300
 * TypeScript files with tsx on every call (about 0.7 s of CPU saved per command). Plain JavaScript
 * because it must run before anything can compile TypeScript.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const srcDir = path.join(root, 'src');
const entry = path.join(srcDir, 'cli/main.ts');
const cacheDir = path.join(root, 'node_modules/.cache/convoqa-cli');
const bundle = path.join(cacheDir, 'cli.mjs');
const stampFile = path.join(cacheDir, 'cli.stamp');

// src/processes/supported-node.ts's check, here in plain JavaScript and before the bundle loads
// native modules (argon2's prebuilt binary crashes Node 20 with a segmentation fault).
if (Number(process.versions.node.split('.')[0]) < 24) {
  process.stderr.write(
    `error: convoqa needs Node 24 or later; this is Node ${process.versions.node}. \`npm ci\` installs Node 24 in node_modules/.bin/node: run \`npm run cli -- …\`, or this file with that node\n`,
  );
  process.exit(1);
}

if (!existsSync(path.join(srcDir, 'generated/prisma/client.ts'))) {
  process.stderr.write('error: the database client is not generated yet: run `npm run db:prepare` (or `npm start` once), then retry\n');
  process.exit(1);
}

/** Newest modification time and number of the files the bundle is made of. */
function sourceStamp() {
  let newest = 0;
  let count = 0;
  const walk = (dir) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, item.name);
      if (item.isDirectory()) walk(full);
      else if (item.name.endsWith('.ts') || item.name.endsWith('.json')) {
        newest = Math.max(newest, statSync(full).mtimeMs);
        count += 1;
      }
    }
  };
  walk(srcDir);
  for (const file of ['package-lock.json', 'tsconfig.json']) {
    if (existsSync(path.join(root, file))) newest = Math.max(newest, statSync(path.join(root, file)).mtimeMs);
  }
  return `${process.version} ${count} ${newest}`;
}

async function buildBundle() {
  const { build } = await import('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  // A private name, then a rename: two commands building at once never run a half-written file.
  const partial = `${bundle}.${process.pid}.mjs`;
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    outfile: partial,
    logLevel: 'error',
  });
  renameSync(partial, bundle);
}

let target = bundle;
try {
  const stamp = sourceStamp();
  const current = existsSync(stampFile) && existsSync(bundle) && readFileSync(stampFile, 'utf8') === stamp;
  if (!current) {
    await buildBundle();
    writeFileSync(stampFile, stamp);
  }
} catch (error) {
  // No bundle (esbuild missing, a read-only folder): the same program through tsx, only slower.
  process.stderr.write(`(cli bundle unavailable, running through tsx: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})\n`);
  const { register } = await import('tsx/esm/api');
  register();
  target = entry;
}
await import(pathToFileURL(target).href);
