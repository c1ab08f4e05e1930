/**
 * `npm run lint:openapi`: writes both OpenAPI documents into a temporary folder and lints them with
 * Redocly CLI (offline; settings in .ci/redocly.yaml). Fails on any error or warning.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildOpenApiDocuments } from './openapi-documents.js';

const folder = mkdtempSync(path.join(tmpdir(), 'convoqa-openapi-'));
try {
  const files = Object.entries(buildOpenApiDocuments()).map(([name, document]) => {
    const file = path.join(folder, `${name}.json`);
    writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
    return file;
  });
  const result = spawnSync(
    'npx',
    ['--no-install', 'redocly', 'lint', '--config', path.join('.ci', 'redocly.yaml'), '--format', 'stylish', ...files],
    {
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  const output = `${result.stdout}${result.stderr}`;
  process.stdout.write(output);
  const warnings = /(\d+) warnings?/.exec(output);
  if (result.status !== 0 || (warnings && Number(warnings[1]) > 0)) {
    process.stderr.write('lint:openapi: the OpenAPI documents must lint with 0 errors and 0 warnings\n');
    process.exitCode = 1;
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
