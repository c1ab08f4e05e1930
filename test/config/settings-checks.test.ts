import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

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
