/**
 * The access log: one line per request, secrets in query strings redacted, no headers logged (so
 * no API key, bearer token or signature), levels by status.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { redactUrl } from '../../src/lib/http/access-log.js';
import { redactedPaths } from '../../src/logger.js';
import { serviceForFile } from '../support/service-for-file.js';

const rig = serviceForFile();

function capturingApp() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const logger = pino({ level: 'trace', redact: { paths: redactedPaths, censor: '[redacted]' } }, stream);
  return { app: createApp({ ...rig.h.deps, logger }), lines };
}

describe('redactUrl', () => {
  it.each([
    ['/webhooks/transcriptions/success?token=abc123', '/webhooks/transcriptions/success?token=[redacted]'],
    ['/uploads/1?token=abc&x=1', '/uploads/1?token=[redacted]&x=1'],
    ['/a?api_key=k&Signature=s&keep=me', '/a?api_key=[redacted]&Signature=[redacted]&keep=me'],
    ['/a?%74oken=k', '/a?%74oken=[redacted]'],
    ['/a?%E0%A4%A=1', '/a?%E0%A4%A=1'],
    ['/plain', '/plain'],
  ])('%s → %s', (url, expected) => expect(redactUrl(url)).toBe(expected));
});

describe('the access log', () => {
  it('writes one line per request with the status, never the API key or a token in the URL', async () => {
    const { app, lines } = capturingApp();
    const ok = await request(app).post('/api/list-participants').set('x-api-key', rig.account.key).send({});
    expect(ok.status).toBe(200);
    const refused = await request(app)
      .put('/uploads/00000000-0000-4000-8000-000000000000?token=upload-secret-token-123')
      .send(Buffer.from('x'));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const logged = lines.map(
      (l) => JSON.parse(l) as { level: number; msg: string; req?: { url: string; id: string }; res?: { statusCode: number } },
    );
    const access = logged.filter((l) => l.req && l.res);
    expect(access.map((l) => [l.req?.url, l.res?.statusCode, l.level])).toEqual([
      ['/api/list-participants', 200, 20],
      ['/uploads/00000000-0000-4000-8000-000000000000?token=[redacted]', refused.status, 30],
    ]);
    expect(access[0]?.req?.id).toBe(ok.headers['x-request-id']);
    const all = lines.join('\n');
    expect(all).not.toContain(rig.account.key);
    expect(all).not.toContain('upload-secret-token-123');
  });
});
