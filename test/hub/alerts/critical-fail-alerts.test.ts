import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { listAlerts, retryAlert } from '../../../src/hub/alerts/alert-outbox.js';
import { setEvaluatorChannel } from '../../../src/hub/alerts/channel-routing.js';
import { sendAlert } from '../../../src/hub/alerts/send-alert.js';
import type { MirrorHook } from '../../../src/hub/mirror/mirror-hook.js';
import { mirrorTranscription, writeMirror } from '../../../src/hub/mirror/mirror-transcription.js';
import { eventually } from '../../support/webhook-receiver.js';
import { seedEvaluatedTranscription } from '../client/support.js';
import { alertMessagesOf, evaluatedTranscription, postCallsOf, signedWebhook } from './support.js';
import { slackHubForFile } from './slack-hub-for-file.js';

// Two workers, as two worker processes would run, sharing the queues and the database.
const rig = slackHubForFile({ channels: ['C0DEFAULT1', 'C0ROUTED01'], workers: 2 });

const postWebhook = (transcriptionId: string, id?: string) => {
  const hook = signedWebhook(rig.stack.account.webhookSecret, transcriptionId, id);
  return request(rig.stack.app).post('/webhooks/transcriptions/success').set(hook.headers).send(hook.body);
};
const alertOf = (transcriptionId: string) => rig.h.db.hubAlert.findFirst({ where: { transcriptionId } });
/** The transcription's alert once it has `status` (within `timeoutMs`). */
const alertWithStatus = (transcriptionId: string, status: string, timeoutMs = 15_000) =>
  eventually(async () => {
    const row = await alertOf(transcriptionId);
    return row?.status === status ? row : undefined;
  }, timeoutMs);
const settle = () => new Promise((r) => setTimeout(r, 400));

describe('critical-fail alerts', () => {
  it('posts one alert per critical fail, with its details, despite duplicate webhooks, repeated mirrors and two workers', async () => {
    const seeded = await seedEvaluatedTranscription(rig.h.db, rig.stack.account.id);
    const repeated = signedWebhook(rig.stack.account.webhookSecret, seeded.id);
    const answers = await Promise.all([
      postWebhook(seeded.id),
      postWebhook(seeded.id),
      request(rig.stack.app).post('/webhooks/transcriptions/success').set(repeated.headers).send(repeated.body),
      request(rig.stack.app).post('/webhooks/transcriptions/success').set(repeated.headers).send(repeated.body),
      // Reconciliation or a backfill mirroring it at the same time.
      mirrorTranscription(rig.stack.hub, seeded.id, [rig.hook]),
      mirrorTranscription(rig.stack.hub, seeded.id, [rig.hook]),
    ]);
    expect(answers.slice(0, 4).map((a) => (a as request.Response).status)).toEqual([202, 202, 202, 202]);

    const alert = await alertWithStatus(seeded.id, 'sent');
    // Anything still queued would post by now.
    await rig.h.jobs.enqueue('hub.send-alert', { alertId: alert.id }, { jobId: `alert-again-${alert.id}` });
    await settle();

    const posts = alertMessagesOf(rig.slack, seeded.id);
    expect(posts).toHaveLength(1);
    expect(await rig.h.db.hubAlert.count({ where: { transcriptionId: seeded.id } })).toBe(1);
    const [post] = posts;
    expect(post).toMatchObject({
      channel: 'C0DEFAULT1',
      ts: alert.slackTs,
      metadata: { event_type: 'convoqa_alert', event_payload: { alert_id: alert.id, transcription_id: seeded.id } },
    });
    expect(alert).toMatchObject({
      kind: 'critical_fail',
      slackChannel: 'C0DEFAULT1',
      channel: 'C0DEFAULT1',
      maybePosted: false,
      lastError: null,
    });
    expect(post.text).toContain('Critical fail: Ana (Support QA), score 100 / 100');

    type Block = { type: string; text?: { text: string }; fields?: { text: string }[]; elements?: { text?: string }[] };
    const [header, facts, divider, criterion, context, actions] = post.blocks as Block[];
    expect(header).toEqual({ type: 'header', text: { type: 'plain_text', text: ':rotating_light: Critical fail: Ana', emoji: true } });
    expect(facts?.fields?.map((f: { text: string }) => f.text)).toEqual([
      '*Score*\n100 / 100',
      '*Evaluator*\nSupport QA',
      '*Participant*\nAna',
      '*Duration*\n2:06',
      '*Recorded*\n2026-02-03 14:30 UTC',
      '*Group*\nNo group',
    ]);
    expect(divider).toEqual({ type: 'divider' });
    // Only the failed strict criterion, with its reasoning and quote (the passed one is left out).
    expect(criterion?.text?.text).toBe(':x: *No promises* (strict, FAIL)\nPromised a refund\n>Hi.');
    expect(context?.elements?.[0]?.text).toContain(`Transcription \`${seeded.id}\``);
    expect(actions?.elements).toEqual([
      {
        type: 'button',
        action_id: 'open_console',
        text: { type: 'plain_text', text: 'Open' },
        url: `${rig.stack.baseUrl}/console/calls/${seeded.id}`,
      },
      { type: 'button', action_id: 'review_start', style: 'primary', text: { type: 'plain_text', text: 'Start review' }, value: seeded.id },
      { type: 'button', action_id: 'review_archive', text: { type: 'plain_text', text: 'Archive' }, value: seeded.id },
    ]);
  });

  it('raises none for a transcription that is not a critical fail', async () => {
    const seeded = await seedEvaluatedTranscription(rig.h.db, rig.stack.account.id);
    await rig.h.db.transcription.update({ where: { id: seeded.id }, data: { criticalFail: false } });
    expect((await postWebhook(seeded.id)).status).toBe(202);
    await eventually(async () => (await rig.h.db.hubTranscription.findUnique({ where: { id: seeded.id } })) ?? undefined, 10_000);
    await settle();
    expect(await alertOf(seeded.id)).toBeNull();
    expect(alertMessagesOf(rig.slack, seeded.id)).toHaveLength(0);
  });

  it('posts one alert when the call, mirrored COMPLETED without a critical fail, is re-evaluated as one', async () => {
    const seeded = await seedEvaluatedTranscription(rig.h.db, rig.stack.account.id);
    await rig.h.db.transcription.update({ where: { id: seeded.id }, data: { criticalFail: false } });
    await mirrorTranscription(rig.stack.hub, seeded.id, [rig.hook]);
    expect(await alertOf(seeded.id)).toBeNull();

    await rig.h.db.transcription.update({ where: { id: seeded.id }, data: { criticalFail: true } });
    await mirrorTranscription(rig.stack.hub, seeded.id, [rig.hook]);
    await mirrorTranscription(rig.stack.hub, seeded.id, [rig.hook]);
    await alertWithStatus(seeded.id, 'sent');
    await settle();
    expect(alertMessagesOf(rig.slack, seeded.id)).toHaveLength(1);
    expect(await rig.h.db.hubAlert.count({ where: { transcriptionId: seeded.id } })).toBe(1);
  });

  it('sends the alert when the worker died between the mirror commit and the queueing: the retried mirror queues it', async () => {
    const seeded = await seedEvaluatedTranscription(rig.h.db, rig.stack.account.id);
    // The first mirror commits the outbox row, then its worker dies: the work after the commit never runs.
    const diesAfterCommit: MirrorHook = async (tx, mirrored, previous) => {
      await rig.hook(tx, mirrored, previous);
    };
    await mirrorTranscription(rig.stack.hub, seeded.id, [diesAfterCommit]);
    await settle();
    const stranded = await alertOf(seeded.id);
    expect(stranded?.status).toBe('pending');
    expect(await rig.h.jobs.queue('hub.send-alert').getJob(`alert-${String(stranded?.id)}`)).toBeUndefined();

    // BullMQ runs the stalled mirror job again: the row is there and the mirror was COMPLETED already.
    await mirrorTranscription(rig.stack.hub, seeded.id, [rig.hook]);
    const sent = await alertWithStatus(seeded.id, 'sent');
    expect(sent.id).toBe(stranded?.id);
    // Mirrored again once it is sent: nothing waits, nothing is queued or posted again.
    await mirrorTranscription(rig.stack.hub, seeded.id, [rig.hook]);
    await settle();
    expect(alertMessagesOf(rig.slack, seeded.id)).toHaveLength(1);
    expect(await rig.h.db.hubAlert.count({ where: { transcriptionId: seeded.id } })).toBe(1);
  });

  it('waits out a 429 (Retry-After) and posts once', async () => {
    rig.slack.script('chat.postMessage', [{ status: 429, retryAfter: 1 }]);
    const seeded = await seedEvaluatedTranscription(rig.h.db, rig.stack.account.id);
    await postWebhook(seeded.id);
    const alert = await alertWithStatus(seeded.id, 'sent');
    expect(postCallsOf(rig.slack, seeded.id).map((c) => c.status)).toEqual([429, 200]);
    expect(alertMessagesOf(rig.slack, seeded.id)).toHaveLength(1);
    expect(alert.attempts).toBe(2);
    const first = postCallsOf(rig.slack, seeded.id)[0];
    expect(first?.error).toBe('ratelimited');
  });

  it('does not post twice when Slack posted but the answer was lost: it finds its marker in the channel', async () => {
    rig.slack.script('chat.postMessage', [{ dropAfterPost: true }]);
    const seeded = await seedEvaluatedTranscription(rig.h.db, rig.stack.account.id);
    await postWebhook(seeded.id);
    const alert = await alertWithStatus(seeded.id, 'sent');
    const posts = alertMessagesOf(rig.slack, seeded.id);
    expect(posts).toHaveLength(1);
    expect(alert.slackTs).toBe(posts[0]?.ts);
    expect(postCallsOf(rig.slack, seeded.id)).toHaveLength(1);
    expect(
      rig.slack.calls.filter((c) => c.method === 'conversations.history' && c.params.channel === 'C0DEFAULT1').length,
    ).toBeGreaterThanOrEqual(1);
  });

  it('leaves an alert failed, not posted again, when it may have been posted and the channel cannot be read', async () => {
    rig.slack.script('chat.postMessage', [{ dropAfterPost: true }]);
    rig.slack.allowHistory = false;
    try {
      const seeded = await seedEvaluatedTranscription(rig.h.db, rig.stack.account.id);
      await postWebhook(seeded.id);
      const alert = await alertWithStatus(seeded.id, 'failed');
      expect(alert.maybePosted).toBe(true);
      expect(alert.lastError).toMatch(
        /^missing_scope: conversations.history: missing_scope \(an earlier attempt may have posted this alert/,
      );
      expect((await listAlerts(rig.h.db, { status: 'failed', limit: 1000 })).alerts.map((a) => a.id)).toContain(alert.id);
      expect(alertMessagesOf(rig.slack, seeded.id)).toHaveLength(1);

      // Someone gives the bot channels:history and retries it: the post is found, not repeated.
      rig.slack.allowHistory = true;
      expect(await retryAlert(rig.h.db, rig.h.jobs, alert.id)).toBe(true);
      await eventually(async () => (await alertOf(seeded.id))?.status === 'sent', 10_000);
      expect(alertMessagesOf(rig.slack, seeded.id)).toHaveLength(1);
    } finally {
      rig.slack.allowHistory = true;
    }
  });

  it('keeps an alert Slack refuses as failed, visible, and sends it on retry once its route is fixed', async () => {
    const seeded = await seedEvaluatedTranscription(rig.h.db, rig.stack.account.id);
    await setEvaluatorChannel(rig.h.db, seeded.evaluatorId!, 'C0MISSING1');
    await postWebhook(seeded.id);
    const failed = await alertWithStatus(seeded.id, 'failed');
    expect(failed).toMatchObject({
      lastError: 'channel_not_found: chat.postMessage: channel_not_found',
      channel: 'C0MISSING1',
      maybePosted: false,
      slackTs: null,
    });
    expect((await listAlerts(rig.h.db, { status: 'failed', limit: 1000 })).alerts.map((a) => a.id)).toContain(failed.id);
    expect(alertMessagesOf(rig.slack, seeded.id)).toHaveLength(0);

    await setEvaluatorChannel(rig.h.db, seeded.evaluatorId!, 'C0ROUTED01');
    expect(await retryAlert(rig.h.db, rig.h.jobs, failed.id)).toBe(true);
    const sent = await alertWithStatus(seeded.id, 'sent', 10_000);
    expect(sent.slackChannel).toBe('C0ROUTED01');
    expect(alertMessagesOf(rig.slack, seeded.id).map((m) => m.channel)).toEqual(['C0ROUTED01']);
    expect(await retryAlert(rig.h.db, rig.h.jobs, failed.id)).toBe(false);
    await setEvaluatorChannel(rig.h.db, seeded.evaluatorId!, null);
  });

  it('lets exactly one of several racing senders post an outbox row', async () => {
    const transcription = evaluatedTranscription();
    // Mirrored without hooks, so the only sender is the six below (no send job queued).
    await writeMirror(rig.stack.hub, transcription, []);
    const row = await rig.h.db.hubAlert.create({ data: { transcriptionId: transcription.transcription_id, kind: 'critical_fail' } });
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => sendAlert(rig.stack.hub, row.id)));
    expect(outcomes.filter((o) => o.kind === 'sent')).toHaveLength(1);
    for (const o of outcomes.filter((o) => o.kind !== 'sent')) expect(['wait', 'done']).toContain(o.kind);
    expect(alertMessagesOf(rig.slack, transcription.transcription_id)).toHaveLength(1);
    const again = await sendAlert(rig.stack.hub, row.id);
    expect(again).toEqual({ kind: 'done', status: 'sent' });
  });
});
