/**
 * `.env.example`: every environment variable with its default, generated from the settings schemas
 * that config.ts composes (the variables and defaults) and docs/configuration.md (what each is for).
 * `npm run env:example` rewrites it; a test checks that the committed file is current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { settingsSchemas } from './config.js';
import { projectRoot } from './lib/config/project-root.js';

export const envExamplePath = path.join(projectRoot, '.env.example');
const configurationDoc = path.join(projectRoot, 'docs/configuration.md');

export interface EnvVariable {
  name: string;
  /** The value used when the variable is not set; undefined when none is, or it is computed. */
  defaultValue: string | undefined;
}

interface Def {
  type: string;
  in?: z.ZodType;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  defaultValue?: unknown;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object of environment variables inside a settings schema (under its transform). */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> {
  for (let def = defOf(schema); ; ) {
    if (def.type === 'object' && def.shape) return def.shape;
    const inner = def.in ?? def.innerType;
    if (!inner) throw new Error(`not an object schema: ${def.type}`);
    def = defOf(inner);
  }
}

function defaultOf(schema: z.ZodType): string | undefined {
  for (let def = defOf(schema); ; ) {
    if (def.type === 'default') {
      const value = typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
      if (Array.isArray(value)) return value.join(',');
      // A folder in the project (DATA_DIR, EXPORTS_DIR) is computed from where the project is: the
      // file says what the documentation says, not this checkout's absolute path.
      if (typeof value === 'string' && value.startsWith(projectRoot + path.sep)) return undefined;
      return typeof value === 'string' ? value : JSON.stringify(value);
    }
    const inner = def.in ?? def.innerType;
    if (!inner) return undefined;
    def = defOf(inner);
  }
}

/** Every variable of every section, in section order. */
export function envVariables(): { section: string; variables: EnvVariable[] }[] {
  return Object.entries(settingsSchemas()).map(([section, schema]) => ({
    section,
    variables: Object.entries(objectShape(schema as z.ZodType)).map(([name, field]) => ({ name, defaultValue: defaultOf(field) })),
  }));
}

interface DocRow {
  names: string[];
  defaults: string;
  meaning: string;
}

/** The rows of docs/configuration.md's table: variables (backticked), default, meaning. */
function readDocRows(): DocRow[] {
  const rows: DocRow[] = [];
  for (const line of readFileSync(configurationDoc, 'utf8').split('\n')) {
    const cells = line.split(' | ').map((cell) => cell.replace(/^\|\s*|\s*\|$/g, '').trim());
    if (cells.length !== 3) continue;
    const names = [...(cells[0] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
    if (names.length) rows.push({ names, defaults: cells[1] ?? '', meaning: (cells[2] ?? '').replaceAll('`', '') });
  }
  return rows;
}

function docRowFor(rows: DocRow[], name: string): DocRow | undefined {
  return rows.find((row) => row.names.some((n) => n === name || (n.startsWith('…') && name.endsWith(n.slice(1)))));
}

/** The doc's default for one variable of a row (a row of N variables lists N defaults, comma-separated). */
function documentedDefault(row: DocRow, name: string): string {
  const text = row.defaults.replaceAll('`', '');
  if (row.names.length === 1) return text;
  const parts = text.split(', ');
  const index = row.names.findIndex((n) => n === name || (n.startsWith('…') && name.endsWith(n.slice(1))));
  return parts.length === row.names.length ? (parts[index] ?? text) : text;
}

/** Variables of the schemas that docs/configuration.md does not describe (a test keeps this empty). */
export function undocumentedVariables(): string[] {
  const rows = readDocRows();
  return envVariables()
    .flatMap((section) => section.variables)
    .filter((variable) => !docRowFor(rows, variable.name))
    .map((variable) => variable.name);
}

const sectionTitles: Record<string, string> = {
  process: 'Process: where it listens, what it connects to',
  service: 'The built-in service',
  engine: 'Speech and judging engine',
  upstream: "The hub's upstream (the Conversation API it calls)",
  receiver: "The hub's webhook receiver",
  mirror: "The hub's mirror",
  redaction: "The hub's redaction",
  admin: 'The admin API',
  reports: 'Reports (Google Sheets or CSV)',
  slack: 'Slack alerts',
};

/** The file's text. Every line is commented out: copying it to .env changes nothing until a line is uncommented. */
export function renderEnvExample(): string {
  const rows = readDocRows();
  const out = [
    '# Every environment variable of convoqa, with its default (generated by `npm run env:example`',
    '# from the settings schemas and docs/configuration.md; do not edit by hand).',
    '# Copy to .env and uncomment what you change: the service, the CLI and the migration runner read',
    '# .env from the working directory; a variable set in the environment wins over the file.',
  ];
  for (const { section, variables } of envVariables()) {
    out.push('', `# --- ${sectionTitles[section] ?? section} ---`);
    let previous: DocRow | undefined;
    for (const { name, defaultValue } of variables) {
      const row = docRowFor(rows, name);
      // A row of the doc may hold several variables: its meaning is printed once, above the first.
      if (row?.meaning && row !== previous) out.push(`# ${row.meaning}`);
      previous = row;
      const documented = row ? documentedDefault(row, name) : undefined;
      if (defaultValue === undefined && documented && documented !== 'none') out.push(`# (default: ${documented})`);
      out.push(`# ${name}=${defaultValue ?? ''}`);
    }
  }
  return `${out.join('\n')}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(envExamplePath, renderEnvExample());
  process.stdout.write(`wrote ${path.relative(process.cwd(), envExamplePath)}\n`);
}
