/**
 * A COMPLETED call whose evaluation is not scored yet (docs/mirror.md, "Mirror job"): the
 * description lets a COMPLETED transcription have a null evaluation score, so such a call is
 * mirrored with its score and critical-fail flag null, not quarantined; a later mirror with the
 * scored evaluation fills it in, and reconciliation fetches it again once the list shows a score.
 * The upstream is the independent fake (test/fakes/fake-upstream.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubContext } from '../../../src/hub/hub-context.js';
import { mirrorTranscription } from '../../../src/hub/mirror/mirror-transcription.js';
import { reconcileMirror } from '../../../src/hub/mirror/reconcile-mirror.js';
import { startFakeUpstream, type FakeUpstream } from '../../fakes/fake-upstream.js';
import { transcriptionWire } from '../../fakes/wire-fixtures.js';
import { closeInOrder } from '../../support/close-in-order.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { unpacedTestClient } from '../client/support.js';

let h: Harness;
let fake: FakeUpstream;
let ctx: HubContext;

beforeAll(async () => {
  h = createHarness();
  fake = await startFakeUpstream();
  const client = unpacedTestClient(fake.baseUrl, fake.apiKey, { backoffBaseMs: 1 });
  ctx = h.hubContext({ upstream: () => Promise.resolve(client), mirrorHooks: [] });
});
afterAll(() => closeInOrder(fake, h));

const evaluatorId = randomUUID();
const scored = {
  score: 75,
  critical_fail: false,
  status: 'COMPLETED',
  breakdown: {
    evaluator_id: evaluatorId,
    evaluator_tag: 'Support QA',
    generated_at: '2026-02-03T14:40:00+0000',
    language_used: 'en',
    final_score: 75,
    critical_fail_triggered: false,
    summary_feedback: 'Fine.',
    results: [
      {
        criteria_id: randomUUID(),
        name: 'Greeting',
        type: 'boolean',
        max_weight: 75,
        score_raw_ai: 1,
        score_obtained: 75,
        status: 'PASS',
        reasoning: 'Greets',
        quote: 'Hello.',
        feedback: null,
      },
    ],
  },
};
const listOf = (wire: ReturnType<typeof transcriptionWire>, qa: { score: number | null; critical_fail: boolean | null }) => ({
  json: {
    data: {
      total_transcriptions: 1,
      query_limit_reached: false,
      statistics: null,
      transcriptions: [
        {
          transcription_id: wire.transcription_id,
          status: 'COMPLETED',
          configuration_id: wire.configuration_id,
          configuration_tag: wire.configuration_tag,
          duration: wire.duration,
          group: wire.group,
          name: wire.name,
          created_at: wire.details.created_at,
          qa: {
            ...qa,
            status: 'PENDING',
            participant_id: null,
            evaluator_id: evaluatorId,
            participant_tag: null,
            evaluator_tag: 'Support QA',
          },
        },
      ],
    },
  },
});

describe('a COMPLETED call whose evaluation is not scored yet', () => {
  it('is mirrored with its score and critical fail null, then filled in once scored; reconciliation waits for the score', async () => {
    const unscored = { status: 'PENDING', score: null, critical_fail: false, breakdown: null };
    const wire = transcriptionWire({ evaluator_id: evaluatorId, evaluator_tag: 'Support QA' });
    const pending = { ...wire, details: { ...wire.details, evaluation: unscored } };
    const id = wire.transcription_id;

    fake.script('get-transcription', { json: { data: pending } });
    expect(await mirrorTranscription(ctx, id)).toBe('mirrored');
    const first = await h.db.hubTranscription.findUniqueOrThrow({ where: { id } });
    expect(first).toMatchObject({
      status: 'COMPLETED',
      score: null,
      criticalFail: null,
      evaluationStatus: 'PENDING',
      evaluationGeneratedAt: null,
    });
    expect(first.upstreamAnswer).toEqual(pending);
    expect(await h.db.hubCriterionResult.count({ where: { transcriptionId: id } })).toBe(0);
    expect(await h.db.hubQuarantinedItem.count({ where: { itemKey: id } })).toBe(0);

    // The list still shows no score: nothing to fetch again.
    fake.script('list-transcriptions', listOf(wire, { score: null, critical_fail: false }));
    expect((await reconcileMirror(ctx)).queuedChanged).toBe(0);
    // The list shows a score the mirror lacks: the call is fetched again.
    fake.script('list-transcriptions', listOf(wire, { score: 75, critical_fail: false }));
    expect((await reconcileMirror(ctx)).queuedChanged).toBe(1);

    fake.script('get-transcription', { json: { data: { ...wire, details: { ...wire.details, evaluation: scored } } } });
    expect(await mirrorTranscription(ctx, id)).toBe('mirrored');
    const second = await h.db.hubTranscription.findUniqueOrThrow({ where: { id } });
    expect(second).toMatchObject({ score: 75, criticalFail: false, evaluationStatus: 'COMPLETED', upstreamAnswer: null });
    expect(second.evaluationGeneratedAt?.toISOString()).toBe('2026-02-03T14:40:00.000Z');
    expect(await h.db.hubCriterionResult.count({ where: { transcriptionId: id } })).toBe(1);
  });
});
