import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { recordFailed } from '../../src/service/processing/record-outcome.js';
import { attemptWebhookDelivery } from '../../src/service/webhooks/deliver-webhook.js';
import { createHarness } from '../support/harness.js';
import { serviceForFile } from '../support/service-for-file.js';
import { settledDelivery } from '../support/webhook-deliveries.js';
import { seedTranscription, seedConfiguration } from '../support/seed.js';
import { eventually } from '../support/webhook-receiver.js';

// docs/decisions.md's schedule is 5 s … 10 h; here the same six retries, in milliseconds.
const rig = serviceForFile({ receiver: true, worker: { webhookRetryDelaysMs: [50, 100, 150, 200, 250, 300] } });

/** A failed transcription (`error`) whose configuration's webhook URLs are `url`; answers its webhook delivery. */
async function failTranscriptionTo(
  tag: string,
  url: string,
  name: string | null = null,
  error: Parameters<typeof recordFailed>[2] = { code: 'processing_failed', message: 'x' },
) {
  const configuration = await seedConfiguration(rig.h.db, rig.account.id, { tag, webhookSuccessUrl: url, webhookErrorUrl: url });
  const t = await seedTranscription(rig.h.db, rig.account.id, { configurationId: configuration.id, name });
  await recordFailed(rig.h.processingContext(), { id: t.id, accountId: rig.account.id, configurationId: configuration.id, name }, error);
  return rig.h.db.webhookDelivery.findFirstOrThrow({ where: { transcriptionId: t.id } });
}

/** A failed transcription whose configuration's error_url is `path` on the rig.receiver. */
const failTranscription = (path: string) =>
  failTranscriptionTo('hooks', `${rig.receiver.baseUrl}${path}`, path, {
    code: 'download_failed',
    message: 'The recording URL answered HTTP 404',
  });

const finished = (id: string) => settledDelivery(rig.h.db, id);

describe('webhook delivery', () => {
  it('retries 5xx and 429 answers until one is 2xx; every attempt is signed with the same webhook-id', async () => {
    rig.receiver.answer('/flaky', [500, 429, 503]);
    const delivery = await failTranscription('/flaky');
    const done = await finished(delivery.id);
    expect(done).toMatchObject({ status: 'delivered', attemptCount: 4, lastStatusCode: 200, lastError: null });
    expect(done.attempts.map((a) => [a.number, a.statusCode])).toEqual([
      [1, 500],
      [2, 429],
      [3, 503],
      [4, 200],
    ]);
    const requests = rig.receiver.received.filter((r) => r.path === '/flaky');
    expect(requests).toHaveLength(4);
    expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery.id]));
    expect(requests.every((r) => r.verified !== null)).toBe(true);
    expect(requests[0].body).toBe(delivery.payload);
  });

  it('gives up at once on a 4xx answer, kept as failed', async () => {
    rig.receiver.answer('/gone', [410]);
    const delivery = await failTranscription('/gone');
    const done = await finished(delivery.id);
    expect(done).toMatchObject({ status: 'failed', attemptCount: 1, lastStatusCode: 410, lastError: 'HTTP 410' });
  });

  it('gives up after the seventh attempt (six scheduled retries)', async () => {
    rig.receiver.answer('/down', [500, 500, 500, 500, 500, 500, 500, 500]);
    const delivery = await failTranscription('/down');
    const done = await finished(delivery.id);
    expect(done).toMatchObject({ status: 'failed', attemptCount: 7 });
    expect(rig.receiver.received.filter((r) => r.path === '/down')).toHaveLength(7);
  });

  it('records a receiver that cannot be reached as a retryable attempt', async () => {
    const delivery = await failTranscriptionTo('unreachable', 'http://127.0.0.1:1/x');
    const done = await finished(delivery.id);
    expect(done.status).toBe('failed');
    expect(done.attempts).toHaveLength(7);
    expect(done.attempts[0]?.statusCode).toBeNull();
    expect(done.attempts[0]?.error).toBeTruthy();
  });

  it('does not deliver to a refused address, and fails it at once instead of retrying', async () => {
    // Nothing on the allow-list, not even the tests' 127.0.0.1 (the URL is stored directly, as a
    // configuration saved before the rule, or a name that now resolves to a private address).
    const strict = createHarness({ processing: { allowedPrivateHosts: [] } });
    try {
      const own = await strict.createAccount();
      // A retry would come a minute later: the delivery must be failed well before.
      strict.startWorker({ webhookRetryDelaysMs: [60_000, 60_000] });
      const configuration = await seedConfiguration(strict.db, own.id, {
        tag: 'private',
        webhookSuccessUrl: `${rig.receiver.baseUrl}/private`,
        webhookErrorUrl: `${rig.receiver.baseUrl}/private`,
      });
      const t = await seedTranscription(strict.db, own.id, { configurationId: configuration.id });
      await recordFailed(
        strict.processingContext(),
        { id: t.id, accountId: own.id, configurationId: configuration.id, name: null },
        { code: 'processing_failed', message: 'x' },
      );
      const delivery = await eventually(async () => {
        const d = await strict.db.webhookDelivery.findFirst({ where: { transcriptionId: t.id }, include: { attempts: true } });
        return d && d.status !== 'pending' ? d : undefined;
      }, 10_000);
      expect(delivery.status).toBe('failed');
      expect(delivery.attemptCount).toBe(1);
      expect(delivery.nextAttemptAt).toBeNull();
      expect(delivery.attempts).toHaveLength(1);
      expect(delivery.attempts[0]?.error).toBe(
        '127.0.0.1 resolves to 127.0.0.1, a private or reserved address, refused (ALLOW_PRIVATE_HOSTS can allow it)',
      );
      expect(rig.receiver.received.filter((r) => r.path === '/private')).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });

  it('reads only the start of an endless answer: delivered on its status, with a 500-character excerpt', async () => {
    const endless = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (res.write(chunk)) {
          /* until the socket pushes back */
        }
      };
      res.on('drain', pump);
      res.on('error', () => undefined);
      pump();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(endless.address() as AddressInfo).port}/endless`;
      const delivery = await failTranscriptionTo('endless', url);
      const done = await finished(delivery.id);
      expect(done).toMatchObject({ status: 'delivered', attemptCount: 1 });
      expect(done.attempts[0]?.responseExcerpt).toBe('x'.repeat(500));
    } finally {
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });

  it('times out a receiver that never answers, as a retryable attempt', async () => {
    const silent = createServer(() => undefined); // accepts, reads, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    // No worker on this harness: the attempt is made here, with a 300 ms time-out.
    const quiet = createHarness({ processing: { webhookTimeoutMs: 300 } });
    try {
      const own = await quiet.createAccount();
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/silent`;
      const configuration = await seedConfiguration(quiet.db, own.id, { tag: 'silent', webhookSuccessUrl: url, webhookErrorUrl: url });
      const t = await seedTranscription(quiet.db, own.id, { configurationId: configuration.id });
      const ctx = quiet.processingContext();
      await recordFailed(
        ctx,
        { id: t.id, accountId: own.id, configurationId: configuration.id, name: null },
        { code: 'processing_failed', message: 'x' },
      );
      const delivery = await quiet.db.webhookDelivery.findFirstOrThrow({ where: { transcriptionId: t.id } });
      const started = Date.now();
      const outcome = await attemptWebhookDelivery(
        quiet.db,
        delivery.id,
        { timeoutMs: ctx.limits.webhookTimeoutMs, network: ctx.limits, http: ctx.http },
        () => new Date(),
      );
      expect(outcome).toEqual({ kind: 'retry', reason: 'no answer within 300 ms', attempt: 1 });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await quiet.close();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('records one delivery per transcription, event and URL, however often the outcome is written', async () => {
    const delivery = await failTranscription('/once');
    const subject = { id: delivery.transcriptionId ?? '', accountId: rig.account.id, configurationId: '', name: null };
    expect(await recordFailed(rig.h.processingContext(), subject, { code: 'processing_failed', message: 'again' })).toBe(false);
    expect(await rig.h.db.webhookDelivery.count({ where: { transcriptionId: delivery.transcriptionId } })).toBe(1);
  });
});
