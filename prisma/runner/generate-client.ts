/**
 * Runs `prisma generate` offline and only when needed (the schema or Prisma changed).
 * The Prisma CLI downloads a native schema-engine binary before any command unless
 * PRISMA_SCHEMA_ENGINE_BINARY names an existing file; generate never executes it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { prismaDir, schemaPath } from './migrations-folder.js';

const require = createRequire(import.meta.url);
const outputDir = path.resolve(prismaDir, '../src/generated/prisma');
const stampFile = path.join(outputDir, '.generated-from');

function fingerprint(): string {
  const prismaVersion = (require('prisma/package.json') as { version: string }).version;
  return createHash('sha256').update(prismaVersion).update(readFileSync(schemaPath)).digest('hex');
}

export function generateClient({ force = false } = {}): 'generated' | 'up-to-date' {
  const wanted = fingerprint();
  if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) return 'up-to-date';
  const cli = path.join(path.dirname(require.resolve('prisma/package.json')), 'build/index.js');
  const result = spawnSync(process.execPath, [cli, 'generate', '--schema', schemaPath], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
      CHECKPOINT_DISABLE: '1',
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
    },
  });
  if (result.status !== 0) throw new Error(`prisma generate failed (exit ${result.status ?? result.signal})`);
  writeFileSync(stampFile, wanted);
  return 'generated';
}

const outcome = generateClient({ force: process.argv.includes('--force') });
if (outcome === 'up-to-date') process.stdout.write('prisma client is up to date\n');
