/**
 * The engine's data files (docs/engine.md, "Where the engine sits"): plain text and JSON beside
 * this file, read at their first use and kept. Only the local engine's modules call these readers,
 * and those load only when a worker processes a recording, so no other process reads the files.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { projectRoot } from '../../lib/config/project-root.js';

/** From the project root rather than `import.meta.url`, so the CLI's bundle finds the same files. */
const dataDir = path.join(projectRoot, 'src/engine/language-data');

/** A value computed by `load` on the first call and returned as it is by every later one. */
export function onFirstUse<T>(load: () => T): () => T {
  let value: { loaded: T } | null = null;
  return () => (value ??= { loaded: load() }).loaded;
}

function readDataFile(name: string): string {
  return readFileSync(path.join(dataDir, name), 'utf8');
}

/** The lines of a text data file, trimmed, without blank lines and `#` comments. */
export function readDataLines(name: string): string[] {
  return readDataFile(name)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** A JSON data file, checked against its schema: a broken file stops the engine with the file's name. */
export function readDataJson<Schema extends z.ZodType>(name: string, schema: Schema): z.infer<Schema> {
  let json: unknown;
  try {
    json = JSON.parse(readDataFile(name));
  } catch (error) {
    throw new Error(`src/engine/language-data/${name} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new Error(`src/engine/language-data/${name} is not valid: ${parsed.error.message}`);
  return parsed.data;
}
