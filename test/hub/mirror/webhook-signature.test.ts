/**
 * The node:crypto Standard Webhooks signature (src/lib/webhooks/standard-webhook-signature.ts)
 * against the `standardwebhooks` library as the third-party reference: what the library signs
 * verifies, what it refuses is refused with the same message, and our signatures verify with it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  signStandardWebhook,
  verifyStandardWebhook,
  type WebhookSignatureError,
} from '../../../src/lib/webhooks/standard-webhook-signature.js';
import { verifyWebhook } from '../../../src/hub/webhooks/verify-webhook.js';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const otherSecret = `whsec_${randomBytes(32).toString('base64')}`;

function signedByLibrary(options: { at?: Date; body?: string; key?: string; id?: string } = {}) {
  const id = options.id ?? `msg_${randomUUID()}`;
  const at = options.at ?? new Date();
  const body =
    options.body ?? JSON.stringify({ type: 'transcription.completed', data: { transcription_id: randomUUID(), name: 'Ünïcødé ✓' } });
  return {
    id,
    at,
    body,
    timestamp: String(Math.floor(at.getTime() / 1000)),
    signature: new Webhook(options.key ?? secret).sign(id, at, body),
  };
}

/** Our verdict and the library's on the same input: null when accepted, else the error message. */
function verdicts(hook: { id?: string; timestamp?: string; signature?: string; body: string }, key = secret) {
  const ours = (() => {
    try {
      verifyStandardWebhook(key, Buffer.from(hook.body), { webhookId: hook.id, timestamp: hook.timestamp, signature: hook.signature });
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  })();
  const theirs = (() => {
    try {
      new Webhook(key).verify(hook.body, {
        'webhook-id': hook.id ?? '',
        'webhook-timestamp': hook.timestamp ?? '',
        'webhook-signature': hook.signature ?? '',
      });
      return null;
    } catch (error) {
      return error instanceof SyntaxError ? null : (error as Error).message;
    }
  })();
  return { ours, theirs };
}

describe('Standard Webhooks signatures with node:crypto', () => {
  it('verifies what the standardwebhooks library signed, bodies of every kind', () => {
    for (const body of [undefined, 'not json', '{"a":"\u00e9\u4e2d\ud83d\ude00"}', 'x'.repeat(60_000)]) {
      expect(verdicts(signedByLibrary({ body }))).toEqual({ ours: null, theirs: null });
    }
  });

  it('signs exactly as the library does, one signature per secret', () => {
    const at = new Date();
    const body = JSON.stringify({ data: { transcription_id: randomUUID() } });
    expect(signStandardWebhook(secret, 'msg_1', at, body)).toBe(new Webhook(secret).sign('msg_1', at, body));
  });

  it('accepts any one matching v1 signature among several, ignores other versions', () => {
    const hook = signedByLibrary();
    const foreign = new Webhook(otherSecret).sign(hook.id, hook.at, hook.body);
    const several = `v2,${hook.signature.slice(3)} ${foreign} ${hook.signature}`;
    expect(verdicts({ ...hook, signature: several })).toEqual({ ours: null, theirs: null });
    expect(verdicts({ ...hook, signature: `v2,${hook.signature.slice(3)} ${foreign}` })).toEqual({
      ours: 'No matching signature found',
      theirs: 'No matching signature found',
    });
  });

  it('refuses tampered bodies, ids, timestamps and signatures with the library\u2019s messages', () => {
    const hook = signedByLibrary();
    // The signature's last base64 digit before '=' changed (it is 'A' one time in 16: then 'E').
    const lastDigit = hook.signature.slice(-2, -1);
    const cases = [
      { ...hook, body: hook.body.replace('transcription', 'Transcription') },
      { ...hook, id: `${hook.id}x` },
      { ...hook, timestamp: String(Number(hook.timestamp) - 1) },
      { ...hook, signature: `${hook.signature.slice(0, -2)}${lastDigit === 'A' ? 'E' : 'A'}=` },
      { ...hook, signature: `${hook.signature}A` },
      { ...hook, signature: 'v1' },
      { ...hook, signature: undefined },
      { ...hook, id: undefined },
      { ...hook, timestamp: 'soon' },
    ];
    for (const tampered of cases) {
      expect(tampered).not.toEqual(hook);
      const { ours, theirs } = verdicts(tampered);
      expect(ours, JSON.stringify(tampered).slice(0, 120)).not.toBeNull();
      expect(ours).toBe(theirs);
    }
    expect(verdicts(hook, otherSecret)).toEqual({ ours: 'No matching signature found', theirs: 'No matching signature found' });
  });

  it('refuses timestamps over five minutes old or ahead as stale, accepts those within', () => {
    const old = signedByLibrary({ at: new Date(Date.now() - 301_000) });
    const ahead = signedByLibrary({ at: new Date(Date.now() + 301_000) });
    const recent = signedByLibrary({ at: new Date(Date.now() - 290_000) });
    expect(verdicts(old)).toEqual({ ours: 'Message timestamp too old', theirs: 'Message timestamp too old' });
    expect(verdicts(ahead)).toEqual({ ours: 'Message timestamp too new', theirs: 'Message timestamp too new' });
    expect(verdicts(recent)).toEqual({ ours: null, theirs: null });
    expect(() =>
      verifyStandardWebhook(secret, Buffer.from(old.body), { webhookId: old.id, timestamp: old.timestamp, signature: old.signature }),
    ).toThrow(expect.objectContaining({ isStale: true }) as WebhookSignatureError);
  });

  it('the receiver\u2019s verifier: accepts a good signature, and refuses with bad_signature or stale as the outcome', () => {
    const credentials = { signingSecret: secret, token: 'unused-token-unused-token' };
    const hook = signedByLibrary();
    const headers = { 'webhook-id': hook.id, 'webhook-timestamp': hook.timestamp, 'webhook-signature': hook.signature };
    expect(() => verifyWebhook(Buffer.from(hook.body), headers, undefined, credentials)).not.toThrow();
    expect(() => verifyWebhook(Buffer.from(`${hook.body} `), headers, undefined, credentials)).toThrow(
      expect.objectContaining({
        outcome: 'bad_signature',
        message: 'Webhook signature not verified: No matching signature found',
      }) as Error,
    );
    const stale = signedByLibrary({ at: new Date(Date.now() - 600_000) });
    expect(() =>
      verifyWebhook(
        Buffer.from(stale.body),
        { 'webhook-id': stale.id, 'webhook-timestamp': stale.timestamp, 'webhook-signature': stale.signature },
        undefined,
        credentials,
      ),
    ).toThrow(expect.objectContaining({ outcome: 'stale' }) as Error);
    expect(() => verifyWebhook(Buffer.from(hook.body), headers, undefined, { ...credentials, signingSecret: 'whsec_not*base64' })).toThrow(
      expect.objectContaining({ outcome: 'bad_signature', message: 'Webhook signature not verified: invalid signature' }) as Error,
    );
  });
});
