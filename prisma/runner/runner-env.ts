import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { applyEnvFile } from '../../src/lib/config/env-file.js';

/**
 * The runner is a release step, not the app: it reads only DATABASE_URL, with the embedded default,
 * from the environment or `.env` as the app does (so both migrate and use the same database).
 */
export function runnerDatabaseUrl(): string {
  applyEnvFile(process.env);
  return process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/convoqa';
}

export function isMainModule(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
