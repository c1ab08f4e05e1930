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

describe('REDIS_URL and REDIS_CLUSTER_NODES', () => {
  it('choose a single Redis by default, and a cluster when a node list is given', () => {
    expect(loadConfig({}).process.redis).toEqual({ kind: 'single', url: 'redis://127.0.0.1:6379' });
    expect(loadConfig({ REDIS_URL: 'rediss://cache.internal:6380' }).process.redis).toEqual({
      kind: 'single',
      url: 'rediss://cache.internal:6380',
    });
    expect(loadConfig({ REDIS_CLUSTER_NODES: '127.0.0.1:7001, redis-2.internal:7002,[fd00::5]:7003' }).process.redis).toEqual({
      kind: 'cluster',
      nodes: [
        { host: '127.0.0.1', port: 7001 },
        { host: 'redis-2.internal', port: 7002 },
        { host: 'fd00::5', port: 7003 },
      ],
      access: { tls: false },
    });
  });

  it("take the cluster's user, password and TLS from node URLs, the same for every node", () => {
    expect(
      loadConfig({ REDIS_CLUSTER_NODES: 'rediss://app:p%40ss@node-1.cache.example:6379,node-2.cache.example:6379' }).process.redis,
    ).toEqual({
      kind: 'cluster',
      nodes: [
        { host: 'node-1.cache.example', port: 6379 },
        { host: 'node-2.cache.example', port: 6379 },
      ],
      access: { tls: true, username: 'app', password: 'p@ss' },
    });
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'rediss://:a@n1:6379,redis://:a@n2:6379' })).toThrow(
      'REDIS_CLUSTER_NODES: the node URLs differ in scheme (redis:// or rediss://), user or password; every node of a cluster is reached alike',
    );
    // A refused URL is named without its credentials.
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis://:secret@n1' })).toThrow(
      'REDIS_CLUSTER_NODES: "redis://…@n1": expected host:port entries',
    );
  });

  it('refuse a node list that is not host:port entries, naming the entry and the expected form', () => {
    const form =
      'expected host:port entries separated by commas, e.g. 127.0.0.1:7001,127.0.0.1:7002 (IPv6 in brackets: [fd00::5]:7001), or redis:// or rediss:// URLs with a port';
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: '127.0.0.1:7001,http://127.0.0.1:7002' })).toThrow(
      `Invalid environment:\n  REDIS_CLUSTER_NODES: "http://127.0.0.1:7002": ${form}`,
    );
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: '127.0.0.1:70000' })).toThrow(`REDIS_CLUSTER_NODES: "127.0.0.1:70000": ${form}`);
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: ' , ' })).toThrow(`REDIS_CLUSTER_NODES: ${form}`);
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to 10, takes 1 to 100, and refuses anything else at boot', () => {
    expect(loadConfig({}).process.databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).process.databasePoolSize).toBe(4);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '101' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
