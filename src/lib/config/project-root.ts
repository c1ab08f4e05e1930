import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root folder (where package.json is), from this file's own place rather than the
 * working directory, so every process finds the same folders wherever it was started from
 * (docs/configuration.md, "Folders").
 */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
