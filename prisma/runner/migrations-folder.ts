import { readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const prismaDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const schemaPath = path.join(prismaDir, 'schema.prisma');
export const migrationsDir = path.join(prismaDir, 'migrations');
const lockfileName = 'migration_lock.toml';
/** The schema a migration was generated from, kept beside its migration.sql. */
export const snapshotName = 'schema.prisma';

export async function readSchema(): Promise<{ path: string; content: string }> {
  return { path: schemaPath, content: await readFile(schemaPath, 'utf8') };
}

/** The migrations folder in the shape the schema engine takes (the same one `prisma migrate` reads). */
export async function readMigrationList() {
  const entries = existsSync(migrationsDir) ? await readdir(migrationsDir, { withFileTypes: true }) : [];
  const folders = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrationDirectories = await Promise.all(
    folders.map(async (folder) => {
      const file = path.join(migrationsDir, folder, 'migration.sql');
      const content = await readFile(file, 'utf8').then(
        (text) => ({ tag: 'ok' as const, value: text }),
        (error: Error) => ({ tag: 'error' as const, value: error.message }),
      );
      return { path: folder, migrationFile: { path: 'migration.sql', content } };
    }),
  );
  const lockfilePath = path.join(migrationsDir, lockfileName);
  return {
    baseDir: migrationsDir,
    lockfile: {
      path: lockfileName,
      content: existsSync(lockfilePath) ? await readFile(lockfilePath, 'utf8') : null,
    },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}
