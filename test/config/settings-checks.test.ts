import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { logHalves } from '../../src/processes/halves.js';

/** What the boot check says about a bad value: the operator must learn the rule from the message alone. */
describe('HUB_WEBHOOK_TOKEN', () => {
  it('is refused at boot when shorter than 24 characters, with a message that says so', () => {
    expect(() => loadConfig({ HUB_WEBHOOK_TOKEN: 'short-token' })).toThrow(ConfigError);
    expect(() => loadConfig({ HUB_WEBHOOK_TOKEN: 'short-token' })).toThrow(
      'Invalid environment:\n  HUB_WEBHOOK_TOKEN: must be at least 24 characters (got 11); a long random token, e.g. `openssl rand -hex 24`',
    );
    expect(loadConfig({ HUB_WEBHOOK_TOKEN: 'x'.repeat(24) }).receiver.token).toBe('x'.repeat(24));
    expect(() => loadConfig({ HUB_WEBHOOK_TOKEN: 'x'.repeat(201) })).toThrow('HUB_WEBHOOK_TOKEN: must be at most 200 characters');
  });
});

describe('DATA_DIR and EXPORTS_DIR', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

  it('default to data/ and exports/ in the project root, whatever the working directory', () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'convoqa-cwd-'));
    const before = process.cwd();
    try {
      process.chdir(elsewhere);
      const config = loadConfig({});
      expect(config.service.dataDir).toBe(path.join(root, 'data'));
      expect(config.reports.export).toMatchObject({ kind: 'csv', dir: path.join(root, 'exports') });
    } finally {
      process.chdir(before);
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('take a relative value from the project root once at boot, keep an absolute one, and log both absolute', () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'convoqa-cwd-'));
    const before = process.cwd();
    let config;
    try {
      process.chdir(elsewhere);
      config = loadConfig({ DATA_DIR: 'var/recordings', EXPORTS_DIR: '/srv/convoqa/exports' });
    } finally {
      process.chdir(before);
      rmSync(elsewhere, { recursive: true, force: true });
    }
    expect(config.service.dataDir).toBe(path.join(root, 'var/recordings'));
    expect(config.reports.export).toMatchObject({ kind: 'csv', dir: '/srv/convoqa/exports' });
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    logHalves(logger, config);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      msg: `built-in service: on (upstream http://localhost:3000/api); hub: on`,
      dataDir: path.join(root, 'var/recordings'),
      exportsDir: '/srv/convoqa/exports',
    });
  });
});
