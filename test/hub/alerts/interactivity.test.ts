import { createHmac, randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app.js';
import { createCriticalFailHook } from '../../../src/hub/alerts/critical-fail-hook.js';
import { mirrorTranscription } from '../../../src/hub/mirror/mirror-transcription.js';
import { errorBody } from '../../support/harness.js';
import { eventually } from '../../support/webhook-receiver.js';
import { seedEvaluatedTranscription } from '../client/support.js';
import { alertMessagesOf } from './support.js';
import { slackHubForFile } from './slack-hub-for-file.js';

const signingSecret = '8f742231b10e8888abcd99yyyzzz85a5';
const rig = slackHubForFile({ slack: { signingSecret } });

/** A critical fail, mirrored, with its alert posted to the fake Slack. */
async function postedAlert() {
  const seeded = await seedEvaluatedTranscription(rig.h.db, rig.stack.account.id);
  await mirrorTranscription(rig.stack.hub, seeded.id, [createCriticalFailHook(rig.stack.hub)]);
  const message = await eventually(async () => alertMessagesOf(rig.slack, seeded.id)[0], 10_000);
  return { id: seeded.id, message };
}

/** Slack's block_actions payload for a button of the alert, form-encoded as Slack sends it. */
function actionBody(transcriptionId: string, actionId: string, messageTs: string) {
  const payload = {
    type: 'block_actions',
    user: { id: 'U0LEAD0001', username: 'qa.lead', team_id: 'T0TEAM0001' },
    team: { id: 'T0TEAM0001', domain: 'acme' },
    container: { type: 'message', message_ts: messageTs, channel_id: 'C0DEFAULT1', is_ephemeral: false },
    channel: { id: 'C0DEFAULT1', name: 'qa-alerts' },
    message: { type: 'message', ts: messageTs, text: 'Critical fail' },
    response_url: 'https://hooks.slack.com/actions/T0TEAM0001/1/abc',
    trigger_id: '1.2.3',
    actions: [
      { type: 'button', action_id: actionId, block_id: `review-${transcriptionId}`, value: transcriptionId, action_ts: '1800000000.1' },
    ],
  };
  return `payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/** Headers as Slack signs a request: v0=HMAC-SHA256(secret, "v0:{timestamp}:{body}") in hex. */
function slackHeaders(body: string, options: { secret?: string; at?: number } = {}) {
  const timestamp = String(options.at ?? Math.floor(Date.now() / 1000));
  const signature = `v0=${createHmac('sha256', options.secret ?? signingSecret)
    .update(`v0:${timestamp}:${body}`)
    .digest('hex')}`;
  return { 'content-type': 'application/x-www-form-urlencoded', 'x-slack-request-timestamp': timestamp, 'x-slack-signature': signature };
}

const interact = (body: string, headers: Record<string, string>, app = rig.stack.app) =>
  request(app).post('/slack/interactions').set(headers).send(body);
const upstreamGroup = async (id: string) => (await rig.stack.client.getTranscription({ transcription_id: id })).group;
const mirroredGroup = async (id: string) => (await rig.h.db.hubTranscription.findUniqueOrThrow({ where: { id } })).group;
const buttonsOf = (blocks: Record<string, unknown>[]) =>
  (blocks.find((b) => b.type === 'actions')?.elements as { action_id: string }[]).map((e) => e.action_id);

describe('Slack interactivity', () => {
  it('a correctly signed "Start review" then "Archive" move the group upstream and in the mirror, and update the message', async () => {
    const { id, message } = await postedAlert();
    expect(await upstreamGroup(id)).toBeNull();

    const body = actionBody(id, 'review_start', message.ts);
    const started = Date.now();
    const res = await interact(body, slackHeaders(body));
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);

    await eventually(async () => (await mirroredGroup(id)) === 'UNDER_REVIEW', 10_000);
    expect(await upstreamGroup(id)).toBe('UNDER_REVIEW');
    const update = await eventually(async () => rig.slack.updates.find((u) => u.ts === message.ts), 10_000);
    expect(update.channel).toBe('C0DEFAULT1');
    expect(JSON.stringify(update.blocks)).toContain('*Group*\\nUnder review');
    expect(JSON.stringify(update.blocks)).toContain('Under review by <@U0LEAD0001> from Slack');
    expect(buttonsOf(update.blocks)).toEqual(['open_console', 'review_archive']);

    const archive = actionBody(id, 'review_archive', message.ts);
    expect((await interact(archive, slackHeaders(archive))).status).toBe(200);
    await eventually(async () => (await mirroredGroup(id)) === 'ARCHIVED', 10_000);
    expect(await upstreamGroup(id)).toBe('ARCHIVED');
    const archived = await eventually(async () => rig.slack.updates.filter((u) => u.ts === message.ts)[1], 10_000);
    expect(JSON.stringify(archived.blocks)).toContain('Archived by <@U0LEAD0001> from Slack');
    expect(buttonsOf(archived.blocks)).toEqual(['open_console']);
  });

  it('refuses a bad signature, a stale timestamp, a replay and unsigned requests, and changes nothing', async () => {
    const { id, message } = await postedAlert();
    const body = actionBody(id, 'review_archive', message.ts);
    const refused = (message: string) => errorBody('unauthorized', message);

    const forged = await interact(body, slackHeaders(body, { secret: 'not-the-signing-secret' }));
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual(refused('Slack signature not verified'));

    // Signed correctly, but for another body.
    const tampered = await interact(body.replace('review_archive', 'review_start'), slackHeaders(body));
    expect(tampered.body).toEqual(refused('Slack signature not verified'));

    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 360;
    const stale = await interact(body, slackHeaders(body, { at: sixMinutesAgo }));
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual(refused('Stale request: X-Slack-Request-Timestamp is more than 5 minutes away'));

    const unsigned = await interact(body, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(unsigned.body).toEqual(refused('Missing X-Slack-Request-Timestamp or X-Slack-Signature'));

    await new Promise((r) => setTimeout(r, 300));
    expect(await upstreamGroup(id)).toBeNull();
    expect(await mirroredGroup(id)).toBeNull();

    // The same signed request twice: the first is applied, the replay refused.
    const headers = slackHeaders(body);
    expect((await interact(body, headers)).status).toBe(200);
    const replay = await interact(body, headers);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(refused('Replayed request: this signature was already accepted'));
    await eventually(async () => (await mirroredGroup(id)) === 'ARCHIVED', 10_000);
  });

  it('judges the 5-minute window by its injectable clock', async () => {
    const body = actionBody(randomUUID(), 'review_start', '1800000000.000100');
    const signedAt = Math.floor(Date.now() / 1000);
    const appAt = (offsetSeconds: number) =>
      createApp(rig.h.deps, { ...rig.stack.hub, now: () => new Date((signedAt + offsetSeconds) * 1000) });
    expect((await interact(body, slackHeaders(body, { at: signedAt }), appAt(301))).body).toEqual(
      errorBody('unauthorized', 'Stale request: X-Slack-Request-Timestamp is more than 5 minutes away'),
    );
    expect((await interact(body, slackHeaders(body, { at: signedAt }), appAt(-301))).status).toBe(401);
    expect((await interact(body, slackHeaders(body, { at: signedAt }), appAt(299))).status).toBe(200);
    // Its action names no transcription of the account: the job finds it gone and is done.
    await eventually(
      async () => (await rig.h.jobs.queue('hub.apply-review-action').getJobCountByTypes('waiting', 'active', 'delayed')) === 0,
      10_000,
    );
  });

  it('acknowledges interactions that are not review buttons and queues nothing', async () => {
    const before = await rig.h.jobs
      .queue('hub.apply-review-action')
      .getJobCountByTypes('waiting', 'active', 'delayed', 'completed', 'failed');
    const shortcut = `payload=${encodeURIComponent(JSON.stringify({ type: 'shortcut', callback_id: 'x', user: { id: 'U1' } }))}`;
    expect((await interact(shortcut, slackHeaders(shortcut))).status).toBe(200);
    const other = actionBody(randomUUID(), 'someone_elses_button', '1800000000.000100');
    expect((await interact(other, slackHeaders(other))).status).toBe(200);
    expect(
      await rig.h.jobs.queue('hub.apply-review-action').getJobCountByTypes('waiting', 'active', 'delayed', 'completed', 'failed'),
    ).toBe(before);
  });

  it('refuses every request when no signing secret is configured', async () => {
    const app = createApp(rig.h.deps, {
      ...rig.stack.hub,
      settings: { ...rig.stack.hub.settings, slack: { ...rig.stack.hub.settings.slack, signingSecret: null } },
    });
    const body = actionBody(randomUUID(), 'review_start', '1800000000.000100');
    const res = await interact(body, slackHeaders(body), app);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(errorBody('unauthorized', 'Slack interactivity is not configured (SLACK_SIGNING_SECRET)'));
  });
});
