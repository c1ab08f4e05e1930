import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';
import { listRoutes, resolveAlertChannel, setEvaluatorChannel } from '../../../src/hub/alerts/channel-routing.js';
import { createCriticalFailHook } from '../../../src/hub/alerts/critical-fail-hook.js';
import { createLogNotifier } from '../../../src/hub/alerts/log-notifier.js';
import type { HubContext } from '../../../src/hub/hub-context.js';
import { writeMirror } from '../../../src/hub/mirror/mirror-transcription.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { eventually } from '../../support/webhook-receiver.js';
import { capturingLogger, evaluatedTranscription } from './support.js';
import { closeInOrder } from '../../support/close-in-order.js';

let h: Harness;
let hub: HubContext;
const log = capturingLogger();

beforeAll(() => {
  h = createHarness();
  // The embedded default: no bot token, so the log notifier.
  hub = h.hubContext({ slack: createLogNotifier(log.logger) });
  h.startWorker({ hub });
});
afterAll(() => closeInOrder(h));

const alertsOf = (transcriptionId: string) => h.db.hubAlert.findMany({ where: { transcriptionId } });

describe('without Slack credentials (the embedded default)', () => {
  it('writes the alert to the log and keeps its outbox row as delivered_to_log', async () => {
    const t = evaluatedTranscription({ participantTag: 'Logged Ana' });
    await writeMirror(hub, t, [createCriticalFailHook(hub)]);
    const row = await eventually(async () => {
      const [alert] = await alertsOf(t.transcription_id);
      return alert?.status === 'delivered_to_log' ? alert : undefined;
    }, 10_000);
    expect(row).toMatchObject({ kind: 'critical_fail', channel: 'log', slackTs: null, attempts: 1, lastError: null });
    expect(row.sentAt).not.toBeNull();
    const line = log.lines.find(
      (l) =>
        (l.slack as { metadata?: { event_payload?: { transcription_id?: string } } } | undefined)?.metadata?.event_payload
          ?.transcription_id === t.transcription_id,
    );
    expect(line).toMatchObject({ level: 30, component: 'slack-log', slack: { method: 'chat.postMessage', channel: 'log' } });
    expect(line?.msg).toContain('Critical fail: Logged Ana (Support QA), score 40 / 100');
    const blocks = (line?.slack as { blocks: { type: string }[] }).blocks;
    expect(blocks.map((b) => b.type)).toEqual(['header', 'section', 'divider', 'section', 'context', 'actions']);
    // The reasoning and quote are escaped for Slack's mrkdwn.
    expect(JSON.stringify(blocks)).toContain('Promised a refund &amp; more\\n>I &lt;promise&gt; a refund.');
  });
});

describe('which mirrors raise an alert', () => {
  it('raises one when a transcription first mirrored in progress completes as a critical fail', async () => {
    const id = randomUUID();
    const hook = createCriticalFailHook(hub);
    await writeMirror(hub, evaluatedTranscription({ id, status: 'IN_PROGRESS' }), [hook]);
    expect(await alertsOf(id)).toHaveLength(0);
    await writeMirror(hub, evaluatedTranscription({ id }), [hook]);
    await writeMirror(hub, evaluatedTranscription({ id, group: 'UNDER_REVIEW' }), [hook]);
    expect(await alertsOf(id)).toHaveLength(1);
  });

  it('raises one when the critical fail arrives after the call was mirrored COMPLETED (evaluation attached or redone later)', async () => {
    const hook = createCriticalFailHook(hub);
    const scored = evaluatedTranscription();
    // First mirrored COMPLETED with no evaluation yet, then with one that passes.
    await writeMirror(hub, { ...scored, details: { ...scored.details, evaluation: null } }, [hook]);
    const passing = evaluatedTranscription({ id: scored.transcription_id, criticalFail: false });
    await writeMirror(hub, passing, [hook]);
    expect(await alertsOf(scored.transcription_id)).toHaveLength(0);
    // Evaluated (again) as a critical fail: one alert, however often it is mirrored after that.
    await writeMirror(hub, scored, [hook]);
    await writeMirror(hub, { ...scored, group: 'UNDER_REVIEW' }, [hook]);
    await writeMirror(hub, scored, [hook]);
    expect(await alertsOf(scored.transcription_id)).toHaveLength(1);
  });

  it('takes the age limit from the evaluation: a recent verdict on an old call alerts, an old verdict does not', async () => {
    const hook = createCriticalFailHook(hub);
    const longAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const reEvaluated = evaluatedTranscription({ completedAt: longAgo, criticalFail: false });
    await writeMirror(hub, reEvaluated, [hook]);
    const verdict = evaluatedTranscription({ id: reEvaluated.transcription_id, completedAt: longAgo });
    const generatedNow = { ...verdict.details.evaluation!.breakdown, generated_at: new Date().toISOString() };
    await writeMirror(
      hub,
      { ...verdict, details: { ...verdict.details, evaluation: { ...verdict.details.evaluation!, breakdown: generatedNow } } },
      [hook],
    );
    expect(await alertsOf(reEvaluated.transcription_id)).toHaveLength(1);

    const history = evaluatedTranscription({ completedAt: longAgo });
    const generatedLongAgo = { ...history.details.evaluation!.breakdown, generated_at: longAgo };
    await writeMirror(
      hub,
      { ...history, details: { ...history.details, evaluation: { ...history.details.evaluation!, breakdown: generatedLongAgo } } },
      [hook],
    );
    expect(await alertsOf(history.transcription_id)).toHaveLength(0);
  });

  it('raises none for history: completed before the age limit, or already mirrored as completed', async () => {
    const old = evaluatedTranscription({ completedAt: new Date(Date.now() - 8 * 86_400_000).toISOString() });
    await writeMirror(hub, old, [createCriticalFailHook(hub)]);
    expect(await alertsOf(old.transcription_id)).toHaveLength(0);

    // Mirrored once without alerts (a backfill), then again with them (its group changed).
    const backfilled = evaluatedTranscription();
    await writeMirror(hub, backfilled, []);
    await writeMirror(hub, { ...backfilled, group: 'UNDER_REVIEW' }, [createCriticalFailHook(hub)]);
    expect(await alertsOf(backfilled.transcription_id)).toHaveLength(0);

    const failed = evaluatedTranscription({ status: 'FAILED' });
    await writeMirror(hub, failed, [createCriticalFailHook(hub)]);
    expect(await alertsOf(failed.transcription_id)).toHaveLength(0);
  });
});

describe('channel routing', () => {
  it('routes by admin route, then SLACK_EVALUATOR_CHANNELS, then the default channel', async () => {
    const [routed, configured, plain]: string[] = [randomUUID(), randomUUID(), randomUUID()];
    const settings = { defaultChannel: '#qa-alerts', evaluatorChannels: { [configured]: '#qa-north', [routed]: '#qa-config' } };
    await setEvaluatorChannel(h.db, routed.toUpperCase(), ' #qa-south ');
    expect(await resolveAlertChannel(h.db, settings, routed)).toBe('#qa-south');
    expect(await resolveAlertChannel(h.db, settings, configured)).toBe('#qa-north');
    expect(await resolveAlertChannel(h.db, settings, plain)).toBe('#qa-alerts');
    expect(await resolveAlertChannel(h.db, settings, null)).toBe('#qa-alerts');

    const routes = (await listRoutes(h.db, settings)).filter((r) => [routed, configured].includes(r.evaluatorId));
    expect(routes).toEqual([
      { evaluatorId: routed, channel: '#qa-south', source: 'admin' },
      { evaluatorId: configured, channel: '#qa-north', source: 'config' },
    ]);
    await setEvaluatorChannel(h.db, routed, null);
    expect(await resolveAlertChannel(h.db, settings, routed)).toBe('#qa-config');
  });
});

describe('SLACK_* configuration', () => {
  it('defaults to the log, weekdays at 09:00 UTC, and reads every variable', () => {
    expect(loadConfig({}).slack).toEqual({
      botToken: null,
      signingSecret: null,
      defaultChannel: null,
      evaluatorChannels: {},
      apiUrl: 'https://slack.com/api/',
      timeoutMs: 10_000,
      alertLeaseMs: 60_000,
      digestCron: '0 9 * * 1-5',
      digestTimezone: 'UTC',
      digestMaxPerEvaluator: 10,
      alertMaxAgeMs: 168 * 3_600_000,
    });
    const evaluator = randomUUID();
    const config = loadConfig({
      SLACK_BOT_TOKEN: 'xoxb-1-2-3',
      SLACK_SIGNING_SECRET: 'shhh',
      SLACK_DEFAULT_CHANNEL: '#qa-alerts',
      SLACK_EVALUATOR_CHANNELS: JSON.stringify({ [evaluator.toUpperCase()]: '#qa-north' }),
      SLACK_API_URL: 'http://127.0.0.1:9/api',
      SLACK_DIGEST_CRON: '30 8 * * 1',
      SLACK_DIGEST_TIMEZONE: 'Europe/Madrid',
      SLACK_DIGEST_MAX_PER_EVALUATOR: '5',
      SLACK_ALERT_MAX_AGE_HOURS: '24',
    });
    expect(config.slack).toMatchObject({
      botToken: 'xoxb-1-2-3',
      evaluatorChannels: { [evaluator]: '#qa-north' },
      apiUrl: 'http://127.0.0.1:9/api/',
      digestCron: '30 8 * * 1',
      digestTimezone: 'Europe/Madrid',
      digestMaxPerEvaluator: 5,
      alertMaxAgeMs: 86_400_000,
    });
  });

  it('stops on a bad value, naming the variable', () => {
    const fails = (env: Record<string, string>, message: RegExp) => expect(() => loadConfig(env)).toThrow(message);
    fails({ SLACK_EVALUATOR_CHANNELS: 'not json' }, /SLACK_EVALUATOR_CHANNELS: expected a JSON object of evaluator_id to channel/);
    fails({ SLACK_EVALUATOR_CHANNELS: '{"not-a-uuid": "#x"}' }, /SLACK_EVALUATOR_CHANNELS/);
    fails({ SLACK_DIGEST_CRON: 'every monday' }, /SLACK_DIGEST_CRON: expected a cron expression/);
    fails({ SLACK_DIGEST_TIMEZONE: 'Mars/Olympus' }, /SLACK_DIGEST_TIMEZONE: expected an IANA time zone/);
    fails({ SLACK_BOT_TOKEN: 'xoxb-1' }, /SLACK_DEFAULT_CHANNEL: required when SLACK_BOT_TOKEN is set/);
    fails({ SLACK_TIMEOUT_MS: '2000', SLACK_ALERT_LEASE_MS: '3000' }, /SLACK_ALERT_LEASE_MS: must be at least twice SLACK_TIMEOUT_MS/);
    expect(loadConfig({ SLACK_TIMEOUT_MS: '1000', SLACK_ALERT_LEASE_MS: '2000' }).slack.alertLeaseMs).toBe(2_000);
    expect(() => loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1' })).toThrow(ConfigError);
  });
});
