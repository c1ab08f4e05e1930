/**
 * Starts `npm run cli` fast: runs a bundle of src/cli/main.ts (esbuild, packages left external),
 * rebuilt only when a file under src/ or the lock file changed, instead of transpiling some 300
 * TypeScript files with tsx on every call (about 0.7 s of CPU saved per command). Plain JavaScript
 * because it must run before anything can compile TypeScript.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const srcDir = path.join(root, 'src');
const entry = path.join(srcDir, 'cli/main.ts');
const cacheRoot = path.join(root, 'node_modules/.cache');
// One folder per checkout: two checkouts sharing node_modules (git worktrees) keep their own bundles.
const buildPrefix = `convoqa-cli-${createHash('sha256').update(root).digest('hex').slice(0, 8)}-`;

// src/lib/config/supported-node.ts's check, here in plain JavaScript and before the bundle loads
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
  // This file too: how the bundle is built is part of it.
  for (const file of ['package-lock.json', 'tsconfig.json', 'src/cli/launch.mjs']) {
    if (existsSync(path.join(root, file))) newest = Math.max(newest, statSync(path.join(root, file)).mtimeMs);
  }
  return `${root} ${process.version} ${count} ${newest}`;
}

/**
 * Builds the bundle into its own folder, named by the sources' stamp, and returns its entry.
 * Code splitting keeps what the CLI loads only on demand (the speech engine, behind a dynamic
 * import in create-engines.ts) in a chunk of its own: in one file, esbuild would hoist that
 * chunk's package imports (onnxruntime-node, the tokenizer) to the top and load them on every call
 * (docs/processes.md, "Each process loads what it uses"). The folder sits right under
 * node_modules/.cache like the file it replaces, so `import.meta.url` finds the project the same way.
 */
async function bundleFor(stamp) {
  const dir = path.join(cacheRoot, `${buildPrefix}${createHash('sha256').update(stamp).digest('hex').slice(0, 12)}`);
  const bundle = path.join(dir, 'cli.mjs');
  if (existsSync(bundle)) return bundle;
  const { build } = await import('esbuild');
  // A private folder, then a rename: two commands building at once never run a half-written bundle.
  const partial = `${dir}.${process.pid}.partial`;
  await build({
    entryPoints: { cli: entry },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    outdir: partial,
    outExtension: { '.js': '.mjs' },
    // The bundle's own address as this checkout sees it. Node gives a module its real path, so with
    // node_modules a symbolic link (git worktrees sharing one), the project root found from
    // `import.meta.url` would be the link's target, another checkout, with other migrations.
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(bundle).href) },
    logLevel: 'error',
  });
  try {
    renameSync(partial, dir);
  } catch (error) {
    // Another command finished the same build first: use its folder.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(bundle)) throw error;
  }
  // Earlier builds of this checkout, made from sources since changed.
  for (const item of readdirSync(cacheRoot)) {
    const full = path.join(cacheRoot, item);
    if (full !== dir && item.startsWith(buildPrefix) && !item.endsWith('.partial')) rmSync(full, { recursive: true, force: true });
  }
  return bundle;
}

let target;
try {
  mkdirSync(cacheRoot, { recursive: true });
  target = await bundleFor(sourceStamp());
} catch (error) {
  // No bundle (esbuild missing, a read-only folder): the same program through tsx, only slower.
  process.stderr.write(
    `(cli bundle unavailable, running through tsx: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})\n`,
  );
  const { register } = await import('tsx/esm/api');
  register();
  target = entry;
}
await import(pathToFileURL(target).href);
