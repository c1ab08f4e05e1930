import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileMirror } from '../../../src/hub/mirror/reconcile-mirror.js';
import { readSyncState } from '../../../src/hub/mirror/sync-state.js';
import { registerReceiverWebhooks } from '../../../src/hub/webhooks/register-receiver-webhooks.js';
import type { Harness } from '../../support/harness.js';
import { scratchHubStackForFile, type HubStack } from '../../support/hub-stack.js';
import { startRecordingServer, type RecordingServer } from '../../support/recording-server.js';
import { supportCall, synthesizeConversation } from '../../support/synthesize.js';
import { eventually } from '../../support/webhook-receiver.js';

// Reconciliation compares the upstream's list with the whole mirror: a database of this file's own,
// so other files' mirrored rows are neither queued as gone nor slow its mirror jobs down.
let h: Harness;
let stack: HubStack;
let recordings: RecordingServer;
let evaluatorId: string;

scratchHubStackForFile('mirror_e2e', (harness, started) => {
  h = harness;
  stack = started;
});
beforeAll(async () => {
  recordings = await startRecordingServer();
  evaluatorId = (
    await stack.client.createEvaluator({
      tag: 'Support QA',
      criteria: [
        { name: 'Greeting', type: 'boolean', weight: 50 },
        { name: 'Hold etiquette', description: 'Asks before putting the caller on hold', type: 'boolean', weight: 50 },
        { name: 'No refund promises', description: 'Never promises a refund', type: 'strict', weight: 0 },
      ],
    })
  ).evaluator!.evaluator_id;
  h.startWorker({ hub: stack.hub });
}, 60_000);
afterAll(() => recordings.close());

describe('the mirror, end to end', () => {
  it('mirrors a processed recording with every criterion row through the signed webhook path', async () => {
    const configuration = (await stack.client.createConfiguration({ tag: 'Mirrored', summary: true })).configuration!;
    const registered = await registerReceiverWebhooks(stack.client, configuration.configuration_id, {
      publicBaseUrl: stack.baseUrl,
      token: 'hub-stack-token-0123456789abcdef',
    });
    expect(registered.webhooks).toEqual({
      success_url: `${stack.baseUrl}/webhooks/transcriptions/success?token=hub-stack-token-0123456789abcdef`,
      error_url: `${stack.baseUrl}/webhooks/transcriptions/error?token=hub-stack-token-0123456789abcdef`,
    });
    const url = recordings.serve('mirror/call.wav', await synthesizeConversation(supportCall, { stereo: true }));
    const { transcription_id: id } = await stack.client.submit({
      configuration_id: configuration.configuration_id,
      url,
      evaluator_id: evaluatorId,
      name: 'mirrored call',
    });

    const row = await eventually(async () => {
      const found = await h.db.hubTranscription.findUnique({ where: { id }, include: { results: { orderBy: { position: 'asc' } } } });
      return found?.status === 'COMPLETED' ? found : undefined;
    }, 90_000);
    const upstream = await stack.client.getTranscription({ transcription_id: id });
    expect(row).toMatchObject({
      name: 'mirrored call',
      configurationTag: 'Mirrored',
      evaluatorId,
      evaluatorTag: 'Support QA',
      duration: upstream.duration,
      language: 'en',
      numSpeakers: 2,
      score: upstream.details.evaluation!.score,
      criticalFail: upstream.details.evaluation!.critical_fail,
      summary: upstream.details.summary,
      deletedAt: null,
    });
    expect(row.recordedAt.toISOString()).toBe(new Date(upstream.details.created_at!).toISOString());
    expect(row.results.map((r) => ({ criterionId: r.criterionId, status: r.status, scoreRawAi: r.scoreRawAi, quote: r.quote }))).toEqual(
      upstream.details.evaluation!.breakdown!.results.map((r) => ({
        criterionId: r.criteria_id,
        status: r.status,
        scoreRawAi: r.score_raw_ai,
        quote: r.quote,
      })),
    );
    const receipts = await h.db.hubWebhookReceipt.findMany({ where: { transcriptionId: id } });
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ eventType: 'transcription.completed', outcome: 'success' });
    expect(receipts[0]?.id).toBe(`tx-${id}-success`);
    expect(receipts[0]?.enqueuedAt).not.toBeNull();

    // Each criterion row copies what a query by criterion needs (its status and recording date).
    const holdId = upstream.details.evaluation!.breakdown!.results[1].criteria_id;
    const failures = await h.db.hubCriterionResult.findMany({ where: { criterionId: holdId, status: 'FAIL' } });
    expect(failures.map((f) => f.transcriptionId)).toEqual([id]);
    expect(failures[0]?.recordedAt.toISOString()).toBe(new Date(upstream.details.created_at!).toISOString());
  }, 120_000);

  it('mirrors a configuration without webhooks by reconciliation alone', async () => {
    const configuration = (await stack.client.createConfiguration({ tag: 'Silent' })).configuration!;
    const url = recordings.serve('mirror/silent.wav', await synthesizeConversation(supportCall.slice(0, 2)));
    const { transcription_id: id } = await stack.client.submit({ configuration_id: configuration.configuration_id, url });
    await eventually(async () => (await stack.client.getTranscription({ transcription_id: id })).status === 'COMPLETED', 60_000);
    expect(await h.db.hubTranscription.findUnique({ where: { id } })).toBeNull();

    const report = await reconcileMirror(stack.hub);
    expect(report.queuedNew).toBeGreaterThanOrEqual(1);
    const row = await eventually(async () => (await h.db.hubTranscription.findUnique({ where: { id } })) ?? undefined, 30_000);
    expect(row).toMatchObject({ status: 'COMPLETED', configurationTag: 'Silent' });
    expect(await h.db.hubWebhookReceipt.count({ where: { transcriptionId: id } })).toBe(0);
    expect((await readSyncState(h.db))?.lastReconcileAt).toBeTruthy();
  }, 90_000);
});
