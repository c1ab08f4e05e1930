/**
 * The admin API's alert endpoints against the fake Slack: the outbox with its counts, a failed
 * alert retried once its route is fixed through the API, per-evaluator routes (checked upstream),
 * test messages and what each Slack failure answers; the log notifier when there is no bot token.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createCriticalFailHook } from '../../../src/hub/alerts/critical-fail-hook.js';
import { mirrorTranscription } from '../../../src/hub/mirror/mirror-transcription.js';
import { errorBody } from '../../support/harness.js';
import { adminToken, startHubStack } from '../../support/hub-stack.js';
import { eventually } from '../../support/webhook-receiver.js';
import { seedEvaluatedTranscription } from '../../support/seed.js';
import { alertMessagesOf } from '../alerts/support.js';
import { slackHubForFile } from '../alerts/slack-hub-for-file.js';

const rig = slackHubForFile({ channels: ['C0DEFAULT1', 'C0ROUTED01'] });

const admin = (app = rig.stack.app) => ({
  get: (p: string) => request(app).get(`/admin${p}`).set('authorization', `Bearer ${adminToken}`),
  post: (p: string, body: object = {}) => request(app).post(`/admin${p}`).set('authorization', `Bearer ${adminToken}`).send(body),
  put: (p: string, body: object) => request(app).put(`/admin${p}`).set('authorization', `Bearer ${adminToken}`).send(body),
  delete: (p: string) => request(app).delete(`/admin${p}`).set('authorization', `Bearer ${adminToken}`),
});
const missingEvaluator = '00000000-0000-4000-8000-000000000000';

describe('authentication', () => {
  it('refuses every alert endpoint without the token', async () => {
    for (const [method, p] of [
      ['get', '/alerts'],
      ['post', `/alerts/${missingEvaluator}/retry`],
      ['post', '/alerts/test'],
      ['get', '/alert-routes'],
      ['put', `/alert-routes/${missingEvaluator}`],
      ['delete', `/alert-routes/${missingEvaluator}`],
    ] as const) {
      expect((await request(rig.stack.app)[method](`/admin${p}`).send({})).status, `${method} ${p}`).toBe(401);
    }
    expect(rig.slack.calls.filter((c) => c.method === 'chat.postMessage')).toHaveLength(0);
  });
});

describe('the outbox', () => {
  it('shows a failed alert with its error, retries it once its route is fixed through the API, and refuses to retry a sent one', async () => {
    const seeded = await seedEvaluatedTranscription(rig.h.db, rig.stack.account.id);
    const evaluatorId = seeded.evaluatorId!;
    const routed = await admin().put(`/alert-routes/${evaluatorId.toUpperCase()}`, { channel: 'C0MISSING1' });
    expect(routed.status).toBe(200);
    expect(routed.body.data).toEqual({ evaluator_id: evaluatorId, channel: 'C0MISSING1' });

    await mirrorTranscription(rig.stack.hub, seeded.id, [createCriticalFailHook(rig.stack.hub)]);
    const failed = await eventually(async () => {
      const res = await admin().get('/alerts?status=failed&limit=1000');
      return res.body.data.alerts.find((a: { transcription_id: string }) => a.transcription_id === seeded.id);
    }, 15_000);
    expect(failed).toMatchObject({
      kind: 'critical_fail',
      status: 'failed',
      channel: 'C0MISSING1',
      last_error: 'channel_not_found: chat.postMessage: channel_not_found',
      maybe_posted: false,
      sent_at: null,
    });
    const listed = (await admin().get('/alerts')).body.data;
    expect(listed.notifier).toBe('slack');
    expect(listed.counts.failed).toBeGreaterThanOrEqual(1);
    expect(Object.keys(listed.counts)).toEqual(['pending', 'sending', 'sent', 'delivered_to_log', 'failed']);

    expect((await admin().put(`/alert-routes/${evaluatorId}`, { channel: 'C0ROUTED01' })).status).toBe(200);
    const retried = await admin().post(`/alerts/${failed.id}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body.data).toMatchObject({ id: failed.id, status: 'pending', last_error: null });
    const sent = await eventually(async () => {
      const alerts = (await admin().get('/alerts?status=sent&limit=1000')).body.data.alerts as { id: string }[];
      return alerts.find((a) => a.id === failed.id);
    }, 10_000);
    expect(sent).toMatchObject({ slack_channel: 'C0ROUTED01' });
    expect(alertMessagesOf(rig.slack, seeded.id).map((m) => m.channel)).toEqual(['C0ROUTED01']);

    const again = await admin().post(`/alerts/${failed.id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(errorBody('conflict', `Alert ${failed.id} is sent, not failed: only failed alerts are retried`));
    expect((await admin().delete(`/alert-routes/${evaluatorId}`)).status).toBe(200);
  });

  it('answers 404 for an unknown alert and 400 for bad input', async () => {
    const unknown = await admin().post(`/alerts/${missingEvaluator}/retry`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorBody('not_found', `No alert ${missingEvaluator}`));
    expect((await admin().post('/alerts/not-an-id/retry')).status).toBe(400);
    const flag = await admin().post(`/alerts/${missingEvaluator}/retry`, { assume_not_posted: 'yes' });
    expect(flag.status).toBe(400);
    expect(flag.body.error.message).toMatch(/assume_not_posted must be true or false/);
    expect((await admin().get('/alerts?status=lost')).status).toBe(400);
    expect((await admin().get('/alerts?limit=5000')).status).toBe(400);
  });
});

describe('routes', () => {
  it('lists admin routes with their source, falls back to the default when one is removed, and checks the evaluator upstream', async () => {
    const seeded = await seedEvaluatedTranscription(rig.h.db, rig.stack.account.id);
    const evaluatorId = seeded.evaluatorId!;
    expect((await admin().put(`/alert-routes/${evaluatorId}`, { channel: '#qa-north' })).body.data).toEqual({
      evaluator_id: evaluatorId,
      channel: '#qa-north',
    });
    const listed = (await admin().get('/alert-routes')).body.data;
    expect(listed.default_channel).toBe('C0DEFAULT1');
    expect(listed.routes).toContainEqual({ evaluator_id: evaluatorId, channel: '#qa-north', source: 'admin' });

    const removed = await admin().delete(`/alert-routes/${evaluatorId}`);
    expect(removed.body.data).toEqual({ evaluator_id: evaluatorId, channel: 'C0DEFAULT1' });
    expect((await admin().delete(`/alert-routes/${evaluatorId}`)).status).toBe(404);

    const unknown = await admin().put(`/alert-routes/${missingEvaluator}`, { channel: 'C0ROUTED01' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    expect(await rig.h.db.hubAlertRoute.count({ where: { evaluatorId: missingEvaluator } })).toBe(0);

    for (const channel of ['', 'Not a channel!', 'x'.repeat(81), 42]) {
      const bad = await admin().put(`/alert-routes/${evaluatorId}`, { channel });
      expect(bad.status, String(channel)).toBe(400);
    }
    expect((await admin().put(`/alert-routes/${evaluatorId}`, {})).body).toEqual(
      errorBody('missing_field', 'Missing required field: channel'),
    );
    expect(await rig.h.db.hubAlertRoute.count({ where: { evaluatorId } })).toBe(0);
  });
});

describe('test messages', () => {
  it("posts to the default channel, a given one, or an evaluator's", async () => {
    const toDefault = await admin().post('/alerts/test');
    expect(toDefault.status).toBe(200);
    expect(toDefault.body.data).toMatchObject({ delivered_to: 'slack', channel: 'C0DEFAULT1' });
    expect(rig.slack.messages.find((m) => m.ts === toDefault.body.data.ts)?.text).toMatch(
      /^convoqa test message: critical-fail alerts go to this channel/,
    );

    const toGiven = await admin().post('/alerts/test', { channel: 'C0ROUTED01' });
    expect(toGiven.body.data.channel).toBe('C0ROUTED01');

    const seeded = await seedEvaluatedTranscription(rig.h.db, rig.stack.account.id);
    await admin().put(`/alert-routes/${seeded.evaluatorId}`, { channel: 'C0ROUTED01' });
    const toEvaluator = await admin().post('/alerts/test', { evaluator_id: seeded.evaluatorId });
    expect(toEvaluator.body.data.channel).toBe('C0ROUTED01');
    expect(rig.slack.messages.find((m) => m.ts === toEvaluator.body.data.ts)?.text).toContain(`of evaluator ${seeded.evaluatorId}`);
    await admin().delete(`/alert-routes/${seeded.evaluatorId}`);
  });

  it('says what went wrong: an unknown channel (400), Slack rate limiting (429 with Retry-After), a bad token (503)', async () => {
    const missing = await admin().post('/alerts/test', { channel: 'C0MISSING1' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(
      errorBody('invalid_value', 'Slack cannot post to C0MISSING1: channel_not_found (is the bot invited to the channel?)'),
    );

    rig.slack.script('chat.postMessage', [{ status: 429, retryAfter: 7 }]);
    const limited = await admin().post('/alerts/test');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBe('7');

    rig.slack.script('chat.postMessage', [{ error: 'invalid_auth' }]);
    const auth = await admin().post('/alerts/test');
    expect(auth.status).toBe(503);
    expect(auth.body).toEqual(errorBody('unavailable', 'Slack did not take the test message: chat.postMessage: invalid_auth'));

    expect((await admin().post('/alerts/test', { channel: 'Bad Channel' })).status).toBe(400);
    expect((await admin().post('/alerts/test', { evaluator_id: 'nope' })).status).toBe(400);
  });

  it('writes to the log without a bot token (the embedded default)', async () => {
    const logOnly = await startHubStack(rig.h);
    try {
      const res = await admin(logOnly.app).post('/alerts/test');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ delivered_to: 'log', channel: 'log', ts: null });
      expect((await admin(logOnly.app).get('/alerts?limit=1')).body.data.notifier).toBe('log');
    } finally {
      await logOnly.close();
    }
  });
});
