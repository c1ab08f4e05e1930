/**
 * Reads a `.env` file into the environment before the settings are parsed, so every terminal and
 * process (service, CLI, migration runner) sees the same values. Node's own parser (util.parseEnv,
 * the one behind `node --env-file`); a variable already set in the environment wins over the file.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** The file read: ENV_FILE when set, else `.env` in the working directory (the project root under npm). */
export function envFilePath(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.ENV_FILE || '.env');
}

/**
 * Adds the file's variables that the environment does not set already; returns their names.
 * A missing file is fine (every setting has a default); ENV_FILE naming a missing file is not.
 */
export function applyEnvFile(env: NodeJS.ProcessEnv = process.env): string[] {
  const file = envFilePath(env);
  if (!existsSync(file)) {
    if (env.ENV_FILE) throw new Error(`ENV_FILE: cannot read ${file}`);
    return [];
  }
  const applied: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (value === undefined || env[name] !== undefined) continue;
    env[name] = value;
    applied.push(name);
  }
  return applied;
}
