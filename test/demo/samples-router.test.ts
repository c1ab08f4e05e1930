/** GET /samples/<name>.wav: made on first request (espeak-ng + sox), once however many ask at once; 404 otherwise. */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SampleStore } from '../../src/samples/sample-store.js';
import { createSamplesRouter } from '../../src/samples/samples-router.js';
import { createErrorHandler } from '../../src/lib/http/error-handler.js';

function samplesApp(store: SampleStore) {
  const app = express();
  app.use('/samples', createSamplesRouter(store));
  app.use(createErrorHandler(pino({ level: 'silent' })));
  return app;
}

describe('the sample calls at /samples', () => {
  it('makes a sample once for concurrent first requests and serves it as audio/wav', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'convoqa-samples-'));
    const store = new SampleStore(dir);
    expect(store.file('support-call')).toBe(store.file('support-call'));
    const app = samplesApp(store);
    const answers = await Promise.all(Array.from({ length: 4 }, () => request(app).get('/samples/support-call.wav')));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('audio/wav');
      expect((answer.body as Buffer).subarray(0, 4).toString()).toBe('RIFF');
      expect((answer.body as Buffer).length).toBeGreaterThan(100_000);
    }
    expect(readdirSync(dir).filter((file) => file.endsWith('.wav'))).toHaveLength(1);
  }, 60_000);

  it('answers 404 with the name of a sample that exists for an unknown name', async () => {
    const app = samplesApp(new SampleStore(mkdtempSync(path.join(tmpdir(), 'convoqa-samples-'))));
    for (const file of ['nope.wav', 'support-call.mp3', '..%2Fetc%2Fpasswd', 'toString.wav']) {
      const answer = await request(app).get(`/samples/${file}`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        error: { code: 'not_found', message: `No sample call ${decodeURIComponent(file)}; try /samples/support-call.wav` },
      });
    }
  });
});
