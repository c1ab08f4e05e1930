/**
 * The hub end to end against an upstream that is not convoqa's twin: the independent fake
 * (test/fakes/independent-upstream), which answers its own shapes wherever the vendor's
 * description says "not shown" (error bodies, FAILED transcriptions, webhook bodies and signing,
 * the account-wide analytics). What the hub must do against any upstream: mirror every finished
 * call once, alert once per critical fail, catch up on calls without webhooks, and pull and export
 * reports with its quota ledger counting every analytics call the upstream saw.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MirrorHook } from '../../../src/hub/mirror/mirror-hook.js';
import { reconcileMirror } from '../../../src/hub/mirror/reconcile-mirror.js';
import { registerReceiverWebhooks } from '../../../src/hub/webhooks/register-receiver-webhooks.js';
import { defaultMirrorHooks } from '../../../src/processes/contexts.js';
import { dataOf } from '../../fakes/independent-upstream/call-upstream.js';
import { startIndependentUpstream, type IndependentUpstream } from '../../fakes/independent-upstream/independent-upstream.js';
import type { WebhookStyle } from '../../fakes/independent-upstream/webhook-sender.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { startHubAgainst, type HubAgainstUpstream } from '../../support/hub-against-upstream.js';
import { projectRoot } from '../../support/processes.js';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { eventually } from '../../support/webhook-receiver.js';

/** One hub against one fake upstream, in a database of its own (reconciliation compares the whole mirror with the upstream's list). */
interface World {
  h: Harness;
  /** The scratch database's URL (a CLI run against this world uses it). */
  databaseUrl: string;
  fake: IndependentUpstream;
  stack: HubAgainstUpstream;
  /** Each mirror write: the transcription, its status before and after. */
  mirrorWrites: { id: string; before: string | null; after: string }[];
  ids: { configuration: string; silentConfiguration: string; evaluator: string; participant: string };
  close(): Promise<void>;
}

async function startWorld(label: string, webhooks: WebhookStyle): Promise<World> {
  const scratch = await createScratchDatabase(label);
  const h = createHarness({ databaseUrl: scratch.url });
  const fake = await startIndependentUpstream({ processingDelayMs: 30, webhooks });
  const stack = await startHubAgainst(h, {
    upstreamBaseUrl: fake.baseUrl,
    apiKey: fake.apiKey,
    signingSecret: webhooks.signingSecret ?? null,
  });
  const mirrorWrites: World['mirrorWrites'] = [];
  const countWrites: MirrorHook = (_tx, mirrored, previous) => {
    mirrorWrites.push({ id: mirrored.transcription_id, before: previous?.status ?? null, after: mirrored.status });
    return Promise.resolve();
  };
  h.startWorker({ hub: stack.hub, mirrorHooks: [...defaultMirrorHooks(stack.hub), countWrites] });

  // No summary here: the fake's summary is plain text, whose shape the vendor does not show; one test below has it alone.
  const configuration = await dataOf<{ configuration_id: string }>(fake, 'create-configuration', {
    tag: 'Support line',
    webhooks: stack.receiverUrls,
  });
  const silent = await dataOf<{ configuration_id: string }>(fake, 'create-configuration', { tag: 'No webhooks' });
  const evaluator = await dataOf<{ evaluator_id: string }>(fake, 'create-evaluator', {
    tag: 'Support QA',
    criteria: [
      { name: 'Greeting', type: 'boolean', weight: 40 },
      { name: 'Empathy', type: 'scale', weight: 60 },
      { name: 'No refund promises', type: 'strict', weight: 0 },
    ],
  });
  const { participant } = await dataOf<{ participant: { participant_id: string } }>(fake, 'create-participant', {
    tag: 'Ana',
    metadata: { team: 'north' },
  });
  return {
    h,
    databaseUrl: scratch.url,
    fake,
    stack,
    mirrorWrites,
    ids: {
      configuration: configuration.configuration_id,
      silentConfiguration: silent.configuration_id,
      evaluator: evaluator.evaluator_id,
      participant: participant.participant_id,
    },
    async close() {
      await fake.close();
      await stack.close();
      await h.close();
      await scratch.drop();
    },
  };
}

/** Submits one recording; its file name decides the outcome (outcomes.ts in the fake). */
async function submit(world: World, file: string, configurationId = world.ids.configuration): Promise<string> {
  const { transcription_id: id } = await dataOf<{ transcription_id: string }>(world.fake, 'submit', {
    configuration_id: configurationId,
    url: `http://127.0.0.1:9/recordings/${file}`,
    evaluator_id: world.ids.evaluator,
    participant_id: world.ids.participant,
    name: file,
  });
  return id;
}

/** Waits (up to a deadline, without throwing) for the mirror to hold every id in a final status; returns what it holds. */
async function mirroredStatuses(h: Harness, ids: string[], timeoutMs = 12_000): Promise<Record<string, string | null>> {
  const read = async () => {
    const rows = await h.db.hubTranscription.findMany({ where: { id: { in: ids } }, select: { id: true, status: true } });
    return Object.fromEntries(ids.map((id) => [id, rows.find((r) => r.id === id)?.status ?? null]));
  };
  return eventually(async () => {
    const statuses = await read();
    return Object.values(statuses).every((s) => s === 'COMPLETED' || s === 'FAILED') ? statuses : undefined;
  }, timeoutMs).catch(read);
}

/** Why mirror jobs failed (the last reason of each, once), so a mirror that did not converge says why. */
async function mirrorFailures(h: Harness): Promise<string> {
  const jobs = await h.jobs.queue('hub.mirror-transcription').getJobs(['failed', 'delayed', 'wait', 'active']);
  const reasons = new Set(jobs.map((job) => job.failedReason).filter(Boolean));
  return reasons.size ? `mirror jobs failed: ${[...reasons].join(' | ')}` : 'no mirror job failed';
}

const unsignedSecret = null;
const variants: { label: string; webhooks: WebhookStyle }[] = [
  {
    label: 'nested transcription_id, unsigned',
    webhooks: { body: 'nested-transcription-id', signingSecret: unsignedSecret, sendsTwice: true },
  },
  { label: 'top-level transcription_id, unsigned', webhooks: { body: 'top-level-id', signingSecret: unsignedSecret, sendsTwice: true } },
  { label: 'full transcription body, unsigned', webhooks: { body: 'full-transcription', signingSecret: unsignedSecret, sendsTwice: true } },
  {
    label: 'nested transcription_id, signed',
    webhooks: { body: 'nested-transcription-id', signingSecret: `whsec_${randomBytes(24).toString('base64')}`, sendsTwice: true },
  },
  {
    label: 'top-level transcription_id, signed',
    webhooks: { body: 'top-level-id', signingSecret: `whsec_${randomBytes(24).toString('base64')}`, sendsTwice: true },
  },
  {
    label: 'full transcription body, signed',
    webhooks: { body: 'full-transcription', signingSecret: `whsec_${randomBytes(24).toString('base64')}`, sendsTwice: true },
  },
];

describe.each(variants)('the hub against an independent upstream, webhooks: $label', ({ label, webhooks }) => {
  let world: World;
  const completed = { good: '', critical: '', criticalAgain: '', low: '' };
  const failed = { download: '', reason: '' };
  const allIds = () => [...Object.values(completed), ...Object.values(failed)];
  /** What the mirror held once it converged (or at the deadline), and why mirror jobs failed if they did. */
  let statuses: Record<string, string | null>;
  let failures: string;

  beforeAll(async () => {
    world = await startWorld(`upstream_${label.replace(/\W+/g, '_').slice(0, 20)}`, webhooks);
    Object.assign(completed, {
      good: await submit(world, 'good.wav'),
      critical: await submit(world, 'critical.wav'),
      criticalAgain: await submit(world, 'critical.wav'),
      low: await submit(world, 'low.wav'),
    });
    Object.assign(failed, { download: await submit(world, 'fail.wav'), reason: await submit(world, 'fail-reason.wav') });
    await world.fake.settled();
    // Each event is sent twice, the copy in other bytes.
    await world.fake.waitForWebhooks(12);
    statuses = await mirroredStatuses(world.h, allIds());
    failures = await mirrorFailures(world.h);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it('acknowledges every webhook and its copy with 202', () => {
    expect(world.fake.webhooksSent.filter((w) => w.status !== 202).map((w) => `${w.outcome} ${w.status}: ${w.responseBody}`)).toEqual([]);
  });

  it('mirrors every COMPLETED call with its evaluation', async () => {
    expect(Object.fromEntries(Object.values(completed).map((id) => [id, statuses[id]])), failures).toEqual(
      Object.fromEntries(Object.values(completed).map((id) => [id, 'COMPLETED'])),
    );
    for (const id of Object.values(completed)) {
      const upstream = await dataOf<{ duration: number; details: { evaluation: { score: number; critical_fail: boolean } } }>(
        world.fake,
        'get-transcription',
        { transcription_id: id },
      );
      const row = await world.h.db.hubTranscription.findUniqueOrThrow({ where: { id }, include: { results: true } });
      expect(row).toMatchObject({
        duration: upstream.duration,
        score: upstream.details.evaluation.score,
        criticalFail: upstream.details.evaluation.critical_fail,
        evaluatorId: world.ids.evaluator,
        participantTag: 'Ana',
      });
      expect(row.results).toHaveLength(3);
    }
  });

  it('mirrors every FAILED call with status FAILED and its error', async () => {
    expect({ download: statuses[failed.download], reason: statuses[failed.reason] }, failures).toEqual({
      download: 'FAILED',
      reason: 'FAILED',
    });
    expect(await world.h.db.hubTranscription.findUnique({ where: { id: failed.download } })).toMatchObject({
      status: 'FAILED',
      errorCode: 'DOWNLOAD',
      score: null,
      criticalFail: null,
    });
    expect(await world.h.db.hubTranscription.findUnique({ where: { id: failed.reason } })).toMatchObject({ status: 'FAILED', score: null });
  });

  it('writes each call into its final status once: the duplicates change nothing', () => {
    const transitions = Object.fromEntries(
      allIds().map((id) => [id, world.mirrorWrites.filter((w) => w.id === id && w.before !== w.after).length]),
    );
    expect(transitions, failures).toEqual(Object.fromEntries(allIds().map((id) => [id, 1])));
  });

  it('alerts once per critical fail and never for a FAILED call', async () => {
    const alerts = await world.h.db.hubAlert.findMany({ where: { transcriptionId: { in: allIds() } } });
    expect(alerts.map((a) => a.transcriptionId).sort()).toEqual([completed.critical, completed.criticalAgain].sort());
  });

  it('keeps one receipt per transcription and outcome, its copy (other bytes) counted as a duplicate', async () => {
    const receipts = await world.h.db.hubWebhookReceipt.findMany({ where: { transcriptionId: { in: allIds() } } });
    expect(receipts.map((r) => [r.transcriptionId, r.duplicates]).sort()).toEqual(
      allIds()
        .map((id) => [id, 1])
        .sort(),
    );
  });

  it('mirrors the calls of a configuration without webhooks by reconciliation', async () => {
    const { h, fake, stack } = world;
    const silent = {
      good: await submit(world, 'good.wav', world.ids.silentConfiguration),
      critical: await submit(world, 'critical.wav', world.ids.silentConfiguration),
      failed: await submit(world, 'fail.wav', world.ids.silentConfiguration),
    };
    await fake.settled();
    const ids = Object.values(silent);
    expect(await h.db.hubTranscription.count({ where: { id: { in: ids } } })).toBe(0);

    const report = await reconcileMirror(stack.hub);
    expect(report.queuedNew).toBe(ids.length);
    expect(await mirroredStatuses(h, ids), await mirrorFailures(h)).toEqual({
      [silent.good]: 'COMPLETED',
      [silent.critical]: 'COMPLETED',
      [silent.failed]: 'FAILED',
    });
    expect((await h.db.hubAlert.findMany({ where: { transcriptionId: { in: ids } } })).map((a) => a.transcriptionId)).toEqual([
      silent.critical,
    ]);
    expect(await h.db.hubWebhookReceipt.count({ where: { transcriptionId: { in: ids } } })).toBe(0);
  }, 60_000);
});

describe('reports against an independent upstream', () => {
  let world: World;
  const period = new Date().toISOString().slice(0, 7);
  const admin = () => ({
    post: (path: string, body: object) =>
      request(world.stack.app).post(`/admin${path}`).set('authorization', `Bearer ${world.stack.adminToken}`).send(body),
  });
  beforeAll(async () => {
    world = await startWorld('upstream_reports', { body: 'nested-transcription-id' });
    for (const file of ['good.wav', 'critical.wav', 'low.wav', 'fail.wav']) await submit(world, file);
    await world.fake.settled();
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  /** Pulls one report now through the admin API and waits for its CSV export. */
  async function pullAndExport(kind: 'account' | 'evaluator' | 'participant', subjectId?: string) {
    const pulled = await admin().post('/reports/runs', { kind, ...(subjectId ? { subject_id: subjectId } : {}), period, export: true });
    expect(pulled.status, JSON.stringify(pulled.body)).toBe(201);
    const snapshot = await eventually(async () => {
      const found = await world.h.db.hubReportSnapshot.findFirst({ where: { run: { kind, subjectId: subjectId ?? '' } } });
      return found?.exportedAt ? found : undefined;
    }, 15_000);
    expect(snapshot.exportTarget).toBeTruthy();
    expect(existsSync(snapshot.exportTarget!)).toBe(true);
    return readFileSync(snapshot.exportTarget!, 'utf8');
  }

  it('pulls the evaluator dashboard and exports its rows to CSV', async () => {
    const csv = await pullAndExport('evaluator', world.ids.evaluator);
    const scored = [...world.fake.state.transcriptions.values()].filter((t) => t.status === 'COMPLETED');
    for (const t of scored) expect(csv).toContain(t.transcription_id);
  }, 30_000);

  it('pulls the participant dashboard and exports its rows to CSV', async () => {
    const csv = await pullAndExport('participant', world.ids.participant);
    expect(csv.split('\n').filter((line) => line.trim()).length).toBeGreaterThanOrEqual(4);
  }, 30_000);

  it('pulls the account-wide analytics, whose answer is not a dashboard, and exports it', async () => {
    await pullAndExport('account');
  }, 30_000);

  it("counts in its quota ledger every analytics call the upstream answered, the admin API proxy's and the CLI's included", async () => {
    const proxied = await admin().post('/api/analytics-evaluator', { evaluator_id: world.ids.evaluator });
    expect(proxied.status, JSON.stringify(proxied.body)).toBe(200);
    // `npm run cli -- api`, as an operator runs it: its own process, the same upstream account and database.
    const cli = await promisify(execFile)(
      path.join(projectRoot, 'node_modules/.bin/tsx'),
      ['src/cli/main.ts', 'api', 'analytics-participant', JSON.stringify({ participant_id: world.ids.participant })],
      {
        cwd: projectRoot,
        env: {
          ...process.env,
          UPSTREAM_BASE_URL: world.fake.baseUrl,
          UPSTREAM_API_KEY: world.fake.apiKey,
          DATABASE_URL: world.databaseUrl,
        },
      },
    );
    expect(cli.stdout).toContain('raw_data');
    const ledger = await world.h.db.hubQuotaLedger.findMany({ where: { scope: world.stack.client.accountRef } });
    const used = Object.fromEntries(
      (['analytics', 'analytics-evaluator', 'analytics-participant'] as const).map((endpoint) => [
        endpoint,
        ledger.filter((row) => row.endpoint === endpoint).reduce((sum, row) => sum + row.used + row.reserved, 0),
      ]),
    );
    expect(used).toEqual(world.fake.analyticsCalls);
  }, 60_000);
});

describe('against what the vendor leaves open or lets go wrong', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld('upstream_open', { body: 'nested-transcription-id' });
  }, 60_000);
  afterAll(async () => {
    await world?.close();
  });

  it("points a configuration's webhooks at its receiver (update-configuration answers a shape of the upstream's own)", async () => {
    const { configuration_id: id } = await dataOf<{ configuration_id: string }>(world.fake, 'create-configuration', { tag: 'To register' });
    await registerReceiverWebhooks(world.stack.client, id, { publicBaseUrl: world.stack.baseUrl, token: world.stack.token });
    expect(world.fake.state.configurations.get(id)?.webhooks).toEqual(world.stack.receiverUrls);
  });

  it('mirrors a COMPLETED call whose summary is plain text (the vendor shows no shape for it)', async () => {
    const summaries = await dataOf<{ configuration_id: string }>(world.fake, 'create-configuration', {
      tag: 'Summaries',
      summary: true,
      webhooks: world.stack.receiverUrls,
    });
    const id = await submit(world, 'good.wav', summaries.configuration_id);
    await world.fake.settled();
    expect(await mirroredStatuses(world.h, [id]), await mirrorFailures(world.h)).toEqual({ [id]: 'COMPLETED' });
    const row = await world.h.db.hubTranscription.findUniqueOrThrow({ where: { id } });
    expect(JSON.stringify(row.summary)).toContain('late order');
  }, 30_000);

  it("waits out the upstream's 429s, with and without Retry-After, and still mirrors", async () => {
    world.fake.rateLimitNext('get-transcription', 2, null);
    const id = await submit(world, 'good.wav');
    await world.fake.settled();
    expect(await mirroredStatuses(world.h, [id]), await mirrorFailures(world.h)).toEqual({ [id]: 'COMPLETED' });
    const silent = await submit(world, 'good.wav', world.ids.silentConfiguration);
    await world.fake.settled();
    world.fake.rateLimitNext('list-transcriptions', 1, 1);
    await reconcileMirror(world.stack.hub);
    expect(await mirroredStatuses(world.h, [silent]), await mirrorFailures(world.h)).toEqual({ [silent]: 'COMPLETED' });
    expect(world.fake.requests.filter((r) => r.status === 429).map((r) => r.operation)).toEqual([
      'get-transcription',
      'get-transcription',
      'list-transcriptions',
    ]);
  }, 30_000);

  it('mirrors a later change that the upstream announces with another webhook for the same call and outcome', async () => {
    const { h, fake } = world;
    const id = await submit(world, 'good.wav');
    await fake.settled();
    expect(await mirroredStatuses(h, [id]), await mirrorFailures(h)).toEqual({ [id]: 'COMPLETED' });
    const before = await h.db.hubTranscription.findUniqueOrThrow({ where: { id } });
    // Evaluated again upstream: another score; status, group and critical fail as they were.
    const record = fake.state.transcriptions.get(id);
    if (!record?.evaluation || before.score === null) throw new Error('expected an evaluated call');
    const rescored = before.score - 10;
    record.evaluation = { ...record.evaluation, score: rescored, generated_at: new Date().toISOString() };

    const [resent] = await fake.redeliverWebhook(id);
    expect(resent?.status).toBe(202);
    expect(JSON.parse(resent?.responseBody ?? '')).toEqual({ data: { received: true, duplicate: true } });
    const after = await eventually(async () => {
      const row = await h.db.hubTranscription.findUnique({ where: { id } });
      return row?.score === rescored ? row : undefined;
    }, 10_000).catch(() => h.db.hubTranscription.findUnique({ where: { id } }));
    expect(after?.score, await mirrorFailures(h)).toBe(rescored);
    // Still one receipt, the repeat counted on it.
    const receipts = await h.db.hubWebhookReceipt.findMany({ where: { transcriptionId: id } });
    expect(receipts.map((r) => r.duplicates)).toEqual([1]);
  }, 30_000);

  it("reconciles past a malformed row of the upstream's list, mirroring the well-formed ones", async () => {
    const ids = [
      await submit(world, 'good.wav', world.ids.silentConfiguration),
      await submit(world, 'critical.wav', world.ids.silentConfiguration),
    ];
    await world.fake.settled();
    // Each kind in turn; what each reconciliation threw, if it did (none should).
    const thrown: Record<string, string> = {};
    for (const kind of ['missing-transcription-id', 'numeric-created-at', 'non-uuid-id', 'weird-status'] as const) {
      world.fake.injectMalformedRow(kind);
      try {
        await reconcileMirror(world.stack.hub);
      } catch (error) {
        thrown[kind] = error instanceof Error ? error.message : String(error);
      } finally {
        world.fake.injectMalformedRow(null);
      }
    }
    expect.soft(thrown).toEqual({});
    expect(await mirroredStatuses(world.h, ids), await mirrorFailures(world.h)).toEqual({ [ids[0]]: 'COMPLETED', [ids[1]]: 'COMPLETED' });

    // Each bad row was quarantined with why and as it came; the list's quarantine is what its last
    // read found (the last kind is open, the others resolved when a read no longer had them).
    const admin = (path: string) =>
      fetch(`${world.stack.baseUrl}/admin${path}`, { headers: { authorization: `Bearer ${world.stack.adminToken}` } }).then(
        async (res) => ({ status: res.status, body: (await res.json()) as { data: Record<string, unknown> } }),
      );
    const open = (await admin('/sync/quarantine')).body.data.items as { reason: string }[];
    expect(open.map((i) => i.reason)).toEqual([expect.stringMatching(/status/)]);
    const quarantine = await admin('/sync/quarantine?include_resolved=true');
    expect(quarantine.status).toBe(200);
    const items = quarantine.body.data.items as { operation: string; item: string; reason: string; raw: Record<string, unknown> }[];
    expect(items.map((i) => i.operation)).toEqual(Array.from({ length: 4 }, () => 'list-transcriptions'));
    expect(items.map((i) => i.reason).join('\n')).toMatch(/transcription_id/);
    expect(items.map((i) => i.reason).join('\n')).toMatch(/created_at/);
    expect(items.map((i) => i.reason).join('\n')).toMatch(/status/);
    expect(items.every((i) => i.raw !== null && typeof i.raw === 'object')).toBe(true);
    const sync = (await admin('/sync')).body.data;
    expect(sync).toMatchObject({
      healthy: false,
      quarantined: 1,
      last_run: { ok: true, error: null },
      last_reconcile: { rowsQuarantined: 1 },
    });

    // The admin API's proxy answers the readable rows, and the others apart with why.
    world.fake.injectMalformedRow('weird-status');
    try {
      const proxied = await fetch(`${world.stack.baseUrl}/admin/api/list-transcriptions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${world.stack.adminToken}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(proxied.status).toBe(200);
      const data = (
        (await proxied.json()) as {
          data: {
            transcriptions: { transcription_id: string }[];
            rejected_by_hub: { issues: { path: string }[]; raw: { status: string } }[];
          };
        }
      ).data;
      expect(data.transcriptions.map((t) => t.transcription_id)).toEqual(expect.arrayContaining(ids));
      expect(data.rejected_by_hub).toHaveLength(1);
      expect(data.rejected_by_hub[0]?.raw.status).toBe('WEIRD');
    } finally {
      world.fake.injectMalformedRow(null);
    }

    // Once the upstream's list reads clean, every row is resolved, and kept for history.
    await reconcileMirror(world.stack.hub);
    expect((await admin('/sync/quarantine')).body.data.items).toEqual([]);
    expect((await admin('/sync/quarantine?include_resolved=true')).body.data.items).toHaveLength(4);
    expect((await admin('/sync')).body.data).toMatchObject({ healthy: true, quarantined: 0 });
  }, 30_000);
});
