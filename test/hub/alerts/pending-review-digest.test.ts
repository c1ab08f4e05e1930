import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSchedules, defaultScheduleSettings } from '../../../src/processes/clock/clock-schedules.js';
import { setEvaluatorChannel } from '../../../src/hub/alerts/channel-routing.js';
import { sendPendingReviewDigest } from '../../../src/hub/alerts/send-pending-review-digest.js';
import { sweepAlerts } from '../../../src/hub/alerts/sweep-alerts.js';
import type { HubContext } from '../../../src/hub/hub-context.js';
import { writeMirror } from '../../../src/hub/mirror/mirror-transcription.js';
import { startFakeSlack, type FakeSlack } from '../../fakes/fake-slack.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { eventually } from '../../support/webhook-receiver.js';
import { evaluatedTranscription, slackHub } from './support.js';

// The digest reads the whole mirror, so this file has a database of its own.
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let h: Harness;
let fake: FakeSlack;
let hub: HubContext;
const evaluatorA = randomUUID();
const evaluatorB = randomUUID();
const evaluatorC = randomUUID();

beforeAll(async () => {
  scratch = await createScratchDatabase('digest');
  h = createHarness({ databaseUrl: scratch.url, publicBaseUrl: 'https://hub.example' });
  fake = await startFakeSlack({ channels: ['C0DEFAULT1', 'C0NORTH001'] });
  const defaults = h.hubContext();
  hub = h.hubContext(slackHub(fake, defaults, { digestMaxPerEvaluator: 3, evaluatorChannels: { [evaluatorC]: 'C0NORTH001' } }));
}, 60_000);
afterAll(async () => {
  await h.close();
  await fake.close();
  await scratch.drop();
});
beforeEach(async () => {
  await h.db.hubTranscription.deleteMany({});
  await h.db.hubAlertRoute.deleteMany({});
  fake.messages.length = 0;
});

const mirror = async (...items: Parameters<typeof evaluatedTranscription>[0][]) => {
  const made = items.map((options) => evaluatedTranscription(options));
  // Without the alert hook: these tests are about the digest (and make their own outbox rows).
  for (const t of made) await writeMirror(hub, t, []);
  return made.map((t) => t.transcription_id);
};
const sectionLines = (blocks: Record<string, unknown>[]) =>
  blocks.filter((b) => b.type === 'section').map((b) => (b.text as { text: string }).text.split('\n'));
const tick = () => `test-${randomUUID()}`;

describe('the pending-review digest', () => {
  it('posts nothing when nothing is pending', async () => {
    expect(await sendPendingReviewDigest(hub, tick())).toEqual({ pending: 0, posts: [], failures: [] });
    // Reviewed, archived, not critical, deleted or unfinished: none of them is pending.
    const [, , , deleted] = await mirror(
      { evaluatorId: evaluatorA, group: 'UNDER_REVIEW' },
      { evaluatorId: evaluatorA, group: 'ARCHIVED' },
      { evaluatorId: evaluatorA, group: 'PENDING_REVIEW', criticalFail: false },
      { evaluatorId: evaluatorA, group: 'PENDING_REVIEW' },
      { evaluatorId: evaluatorA, status: 'IN_PROGRESS' },
      { evaluatorId: evaluatorA, status: 'FAILED' },
    );
    await h.db.hubTranscription.update({ where: { id: deleted }, data: { deletedAt: new Date() } });
    expect(await sendPendingReviewDigest(hub, tick())).toEqual({ pending: 0, posts: [], failures: [] });
    expect(fake.messages).toHaveLength(0);
  });

  it('lists exactly the pending critical fails per evaluator, oldest first, capped with "and N more", in each evaluator\'s channel', async () => {
    const [a1, a2, a3, a4] = await mirror(
      {
        evaluatorId: evaluatorA,
        evaluatorTag: 'Support QA',
        group: 'PENDING_REVIEW',
        participantTag: 'Ana',
        recordedAt: '2026-01-05T10:00:00.000Z',
        score: 40,
      },
      {
        evaluatorId: evaluatorA,
        evaluatorTag: 'Support QA',
        group: null,
        participantTag: 'Bo',
        recordedAt: '2026-01-02T09:15:00.000Z',
        score: 12.5,
      },
      {
        evaluatorId: evaluatorA,
        evaluatorTag: 'Support QA',
        group: 'PENDING_REVIEW',
        participantTag: 'Cy',
        recordedAt: '2026-01-09T08:00:00.000Z',
      },
      {
        evaluatorId: evaluatorA,
        evaluatorTag: 'Support QA',
        group: 'PENDING_REVIEW',
        participantTag: 'Di',
        recordedAt: '2026-01-07T16:45:00.000Z',
        score: 55,
      },
    );
    const [b1] = await mirror({
      evaluatorId: evaluatorB,
      evaluatorTag: 'Sales QA',
      group: null,
      participantTag: 'Ed',
      recordedAt: '2026-01-03T00:00:00.000Z',
    });
    const [c1] = await mirror({
      evaluatorId: evaluatorC,
      evaluatorTag: 'Billing QA',
      group: 'PENDING_REVIEW',
      participantTag: 'Fa',
      recordedAt: '2026-01-04T00:00:00.000Z',
    });
    // Not pending: reviewed, archived, not critical.
    await mirror(
      { evaluatorId: evaluatorA, group: 'UNDER_REVIEW', recordedAt: '2025-12-01T00:00:00.000Z' },
      { evaluatorId: evaluatorA, group: 'ARCHIVED', recordedAt: '2025-12-01T00:00:00.000Z' },
      { evaluatorId: evaluatorB, group: 'PENDING_REVIEW', criticalFail: false, recordedAt: '2025-12-01T00:00:00.000Z' },
    );
    await setEvaluatorChannel(h.db, evaluatorB, 'C0NORTH001');

    const report = await sendPendingReviewDigest(hub, tick());
    expect(report.pending).toBe(6);
    expect(report.failures).toEqual([]);
    expect(report.posts).toEqual([
      { channel: 'C0DEFAULT1', evaluators: 1, pending: 4, outcome: 'posted' },
      { channel: 'C0NORTH001', evaluators: 2, pending: 2, outcome: 'posted' },
    ]);

    const main = fake.postsTo('C0DEFAULT1')[0];
    expect(main.text).toBe('4 critical fails waiting for review');
    expect(main?.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: ':clipboard: Critical fails waiting for review', emoji: true },
    });
    expect(sectionLines(main.blocks)).toEqual([
      [
        '*Support QA*: 4 pending',
        `• <https://hub.example/console/calls/${a2}|Bo> · 2026-01-02 09:15 UTC · 12.5 / 100 · No group`,
        `• <https://hub.example/console/calls/${a1}|Ana> · 2026-01-05 10:00 UTC · 40 / 100 · Pending review`,
        `• <https://hub.example/console/calls/${a4}|Di> · 2026-01-07 16:45 UTC · 55 / 100 · Pending review`,
        '_and 1 more_',
      ],
    ]);
    expect(JSON.stringify(main.blocks)).not.toContain(a3);

    const north = fake.postsTo('C0NORTH001')[0];
    expect(north.text).toBe('2 critical fails waiting for review');
    expect(sectionLines(north.blocks)).toEqual([
      ['*Billing QA*: 1 pending', `• <https://hub.example/console/calls/${c1}|Fa> · 2026-01-04 00:00 UTC · 40 / 100 · Pending review`],
      ['*Sales QA*: 1 pending', `• <https://hub.example/console/calls/${b1}|Ed> · 2026-01-03 00:00 UTC · 40 / 100 · No group`],
    ]);
  });

  it('posts each channel once per tick, also when a 429 on one channel makes the job run again', async () => {
    // Sections with the most pending come first, so the default channel is posted first.
    await mirror(
      { evaluatorId: evaluatorA, group: 'PENDING_REVIEW' },
      { evaluatorId: evaluatorA },
      { evaluatorId: evaluatorC, group: 'PENDING_REVIEW' },
    );
    fake.script('chat.postMessage', [{ status: 429, retryAfter: 1 }]);
    const at = tick();
    const first = await sendPendingReviewDigest(hub, at);
    expect(first.failures.map((f) => [f.channel, f.error.kind, f.error.retryAfterMs])).toEqual([['C0DEFAULT1', 'rate_limited', 1_000]]);
    expect(first.posts).toEqual([{ channel: 'C0NORTH001', evaluators: 1, pending: 1, outcome: 'posted' }]);

    const second = await sendPendingReviewDigest(hub, at);
    expect(second.posts.map((p) => [p.channel, p.outcome])).toEqual([
      ['C0DEFAULT1', 'posted'],
      ['C0NORTH001', 'posted_before'],
    ]);
    expect(fake.messages.map((m) => m.channel).sort()).toEqual(['C0DEFAULT1', 'C0NORTH001']);
  });

  it('is enqueued by the clock once per tick, at 09:00 on weekdays in the configured time zone, and run by the worker', async () => {
    await mirror({ evaluatorId: evaluatorA, group: 'PENDING_REVIEW' });
    const schedules = createSchedules({
      ...defaultScheduleSettings,
      slack: { ...defaultScheduleSettings.slack, digestTimezone: 'Europe/Madrid' },
    });
    const digest = schedules.find((s) => s.name === 'hub.send-digest');
    if (!digest) throw new Error('no digest schedule');
    expect(digest).toMatchObject({ cron: '0 9 * * 1-5', timezone: 'Europe/Madrid' });
    // Two clocks firing the same tick (Monday 09:00 in Madrid is 08:00 UTC in November).
    const at = new Date('2026-11-23T08:00:00.000Z');
    await Promise.all([digest.enqueue(h.jobs, at), digest.enqueue(h.jobs, at)]);
    const queue = h.jobs.queue('hub.send-digest');
    expect((await queue.getJobs(['waiting', 'delayed'])).map((j) => j.id)).toEqual(['digest-2026-11-23-0900']);

    const worker = h.startWorker({ hub });
    await eventually(async () => fake.messages.length === 1, 10_000);
    await worker.close();
    expect(fake.messages[0]?.channel).toBe('C0DEFAULT1');
  });

  it('sweeps outbox rows whose send job is gone back into the queue', async () => {
    const [id] = await mirror({ evaluatorId: evaluatorA });
    const stale = await h.db.hubAlert.create({ data: { transcriptionId: String(id), kind: 'critical_fail' } });
    await h.db.$executeRaw`UPDATE hub_alerts SET updated_at = now() - interval '5 minutes' WHERE id = ${stale.id}::uuid`;
    const fresh = await h.db.hubAlert.create({ data: { transcriptionId: randomUUID(), kind: 'critical_fail' } });
    const deadWorker = await h.db.hubAlert.create({
      data: { transcriptionId: randomUUID(), kind: 'critical_fail', status: 'sending', leaseUntil: new Date(Date.now() - 60_000) },
    });
    const done = await h.db.hubAlert.create({ data: { transcriptionId: randomUUID(), kind: 'critical_fail', status: 'sent' } });
    await h.db.$executeRaw`UPDATE hub_alerts SET updated_at = now() - interval '5 minutes' WHERE id = ${done.id}::uuid`;

    expect(await sweepAlerts(hub)).toEqual({ requeued: 2 });
    const queued = (await h.jobs.queue('hub.send-alert').getJobs(['waiting', 'delayed'])).map((j) => j.id).sort();
    expect(queued).toEqual([`alert-${stale.id}`, `alert-${deadWorker.id}`].sort());
    expect(queued).not.toContain(`alert-${fresh.id}`);
    // A second sweep while they wait adds nothing.
    await sweepAlerts(hub);
    expect(await h.jobs.queue('hub.send-alert').getJobCountByTypes('waiting', 'delayed')).toBe(2);
  });
});
