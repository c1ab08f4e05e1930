import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { connectionRule, parseHostEntry, type NetworkPolicy } from '../../src/lib/network/network-guard.js';
import { errorBody } from '../support/harness.js';
import { serviceForFile } from '../support/service-for-file.js';

/**
 * Private, loopback, link-local and metadata addresses are refused unless
 * explicitly allowed, whatever NODE_ENV says; the allow-list takes hosts or host:port by name,
 * plus PUBLIC_BASE_URL's own; webhook URLs that can only point at a refused address are refused
 * when a configuration is saved.
 */
describe('the default network policy', () => {
  it.each(['development', 'test', 'production', undefined])(
    'refuses private addresses with NODE_ENV=%s and nothing else set',
    (nodeEnv) => {
      const config = loadConfig(nodeEnv ? { NODE_ENV: nodeEnv } : {});
      expect(config.service.processing.allowPrivateNetwork).toBe(false);
      // Only this deployment's own address (the embedded hub receiver) is allowed.
      expect(config.service.processing.allowedPrivateHosts).toEqual(['localhost:3000']);
    },
  );

  it('allows what ALLOW_PRIVATE_HOSTS names, plus PUBLIC_BASE_URL host:port', () => {
    const config = loadConfig({
      ALLOW_PRIVATE_HOSTS: 'storage.internal, 10.0.0.5:9000,[fd00::5]:8080',
      PUBLIC_BASE_URL: 'https://qa.internal',
    });
    expect(config.service.processing.allowedPrivateHosts).toEqual([
      'storage.internal',
      '10.0.0.5:9000',
      '[fd00::5]:8080',
      'qa.internal:443',
    ]);
    expect(loadConfig({ ALLOW_PRIVATE_NETWORK: 'true' }).service.processing.allowPrivateNetwork).toBe(true);
  });

  it('stops at boot on an entry that is not a host or host:port', () => {
    expect(() => loadConfig({ ALLOW_PRIVATE_HOSTS: 'ok.internal,http://x.internal/path' })).toThrow(ConfigError);
    expect(() => loadConfig({ ALLOW_PRIVATE_HOSTS: 'ok.internal,http://x.internal/path' })).toThrow(
      'ALLOW_PRIVATE_HOSTS.1: "http://x.internal/path" is not a host or host:port (e.g. storage.internal, 10.0.0.5:9000, [fd00::5]:8080)',
    );
  });

  it('decides each connection by host and port', () => {
    const policy: NetworkPolicy = { allowPrivateNetwork: false, allowedPrivateHosts: ['10.0.0.5:9000', 'storage.internal', '[fd00::5]'] };
    const rule = (host: string, port: number) => connectionRule(policy, host, port).kind;
    expect(rule('127.0.0.1', 80)).toBe('refused');
    expect(rule('169.254.169.254', 80)).toBe('refused'); // cloud metadata
    expect(rule('fd00:ec2::254', 80)).toBe('refused'); // AWS metadata over IPv6
    expect(rule('100.100.100.200', 80)).toBe('refused'); // Alibaba metadata (carrier-grade NAT range)
    expect(rule('::ffff:192.168.1.1', 80)).toBe('refused');
    expect(rule('0.0.0.0', 80)).toBe('refused');
    expect(rule('10.0.0.5', 9000)).toBe('open');
    expect(rule('::ffff:10.0.0.5', 9000)).toBe('open');
    expect(rule('10.0.0.5', 9001)).toBe('refused');
    expect(rule('STORAGE.internal.', 443)).toBe('open');
    expect(rule('fd00::5', 1)).toBe('open');
    expect(rule('93.184.215.14', 443)).toBe('open'); // public
    expect(rule('files.example.com', 443)).toBe('guarded'); // checked on what it resolves to, at connect
    expect(parseHostEntry('[::1]:8080')).toEqual({ host: '::1', port: 8080 });
    expect(parseHostEntry('example.com:80')).toEqual({ host: 'example.com', port: 80 });
    expect(parseHostEntry('a b')).toBeUndefined();
  });
});

describe('webhook URLs of a configuration', () => {
  const rig = serviceForFile();

  const refusal = (field: string, url: string, what: string) =>
    errorBody(
      'invalid_value',
      `Invalid webhooks.${field}: ${url} points at ${what}, which this deployment does not call (ALLOW_PRIVATE_HOSTS can allow a host)`,
    );

  it.each([
    ['http://10.0.0.5/hook', '10.0.0.5, a private or reserved address'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254, a private or reserved address'],
    ['http://[::1]:8080/hook', '::1, a private or reserved address'],
    ['http://localhost:8080/hook', 'a loopback name'],
    ['https://api.localhost/hook', 'a loopback name'],
  ])('refuses %s on create and on update (400)', async (url, what) => {
    const created = await rig.account.call('create-configuration', {
      tag: 'private-hook',
      webhooks: { success_url: 'https://hooks.example.com/ok', error_url: url },
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual(refusal('error_url', url, what));
    const ok = await rig.account.call('create-configuration', {
      tag: 'public-hook',
      webhooks: { success_url: 'https://hooks.example.com/ok', error_url: 'https://hooks.example.com/err' },
    });
    expect(ok.status).toBe(201);
    const id = ok.body.data.configuration.configuration_id as string;
    const updated = await rig.account.call('update-configuration', {
      configuration_id: id,
      webhooks: { success_url: url, error_url: 'https://hooks.example.com/err' },
    });
    expect(updated.status).toBe(400);
    expect(updated.body).toEqual(refusal('success_url', url, what));
    await rig.account.call('delete-configuration', { configuration_id: id });
  });

  it('accepts a private host the deployment allows by name (the tests allow 127.0.0.1)', async () => {
    const res = await rig.account.call('create-configuration', {
      tag: 'allowed-hook',
      webhooks: { success_url: 'http://127.0.0.1:4000/ok', error_url: 'http://127.0.0.1:4000/err' },
    });
    expect(res.status).toBe(201);
    await rig.account.call('delete-configuration', { configuration_id: res.body.data.configuration.configuration_id });
  });
});
