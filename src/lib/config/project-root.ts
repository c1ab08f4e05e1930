import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder up from `start` with a package.json: the project's root. */
function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/**
 * The project's root folder (where package.json is), from this file's own place rather than the
 * working directory, so every process finds the same folders wherever it was started from
 * (docs/configuration.md, "Folders"), run from src/, from the compiled dist/src/ or from the CLI's bundle.
 */
export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
