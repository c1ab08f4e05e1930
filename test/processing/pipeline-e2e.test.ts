import { beforeAll, describe, expect, it } from 'vitest';
import { Transcription } from '../../src/contract/transcriptions.js';
import { serviceForFile } from '../support/service-for-file.js';
import { supportCall, synthesizeConversation } from '../support/synthesize.js';
import { eventually } from '../support/webhook-receiver.js';

const rig = serviceForFile({
  recordings: true,
  receiver: true,
  configuration: ({ receiver }) => ({
    tag: 'Support line',
    vocabulary: ['Acme'],
    summary: true,
    custom_summary: 'Mention the order and when it arrives',
    summary_language: 'en',
    extraction_fields: [
      { name: 'order_number', type: 'number', description: 'The order number the customer gives' },
      { name: 'product', type: 'string', description: 'What the customer ordered' },
    ],
    webhooks: { success_url: `${receiver.baseUrl}/done`, error_url: `${receiver.baseUrl}/failed` },
  }),
});
let evaluatorId: string;
let participantId: string;

beforeAll(async () => {
  evaluatorId = (
    await rig.account.call('create-evaluator', {
      tag: 'Support QA',
      criteria: [
        { name: 'Greeting', description: 'Greets the customer and thanks them for calling', type: 'boolean', weight: 30 },
        { name: 'Empathy', description: 'Apologises and shows understanding', type: 'scale', weight: 40 },
        { name: 'Closing', description: 'Offers more help and says goodbye', type: 'boolean', weight: 30 },
        { name: 'No refund promises', description: 'Never promises a refund', type: 'strict', weight: 0 },
      ],
    })
  ).body.data.evaluator.evaluator_id;
  participantId = (await rig.account.call('create-participant', { tag: 'Daniel' })).body.data.participant.participant_id;
  rig.h.startWorker();
}, 120_000);

/** The evaluation score recomputed from its own breakdown, per docs/decisions.md. */
function scoreFromBreakdown(results: { max_weight: number; score_obtained: number; type: string; score_raw_ai: number }[]): number {
  const weighted = results.filter((r) => r.max_weight > 0);
  const total = weighted.reduce((s, r) => s + r.max_weight, 0);
  if (total > 0) return Math.round((10_000 * weighted.reduce((s, r) => s + r.score_obtained, 0)) / total) / 100;
  const nonStrict = results.filter((r) => r.type !== 'strict');
  const n = (r: (typeof results)[number]) => (r.type === 'scale' ? (r.score_raw_ai - 1) / 4 : r.score_raw_ai);
  return nonStrict.length ? Math.round((10_000 * nonStrict.reduce((s, r) => s + n(r), 0)) / nonStrict.length) / 100 : 100;
}

describe('a recording submitted by URL, end to end', () => {
  it('is processed, signed-webhooked and served COMPLETED with speakers, summary, fields and evaluation', async () => {
    const file = await synthesizeConversation(supportCall, { stereo: true, format: 'wav' });
    const url = rig.recordings.serve('calls/support-call.wav', file);
    const submitted = await rig.account.call('submit', {
      configuration_id: rig.configurationId,
      url,
      name: 'Late laptop',
      participant_id: participantId,
      evaluator_id: evaluatorId,
      period_date: '2026-03-02T10:15:00+01:00',
    });
    expect(submitted.status).toBe(201);
    expect(submitted.body.data.message).toBe('Transcription submitted successfully');
    const id: string = submitted.body.data.transcription_id;

    const running = await rig.account.call('get-transcription', { transcription_id: id });
    expect(running.body.data.status).toBe('IN_PROGRESS');

    const [webhook] = await rig.receiver.waitFor(1, 120_000);
    expect(webhook.path).toBe('/done');
    expect(webhook.verified).toEqual({
      type: 'transcription.completed',
      timestamp: expect.any(String),
      data: { transcription_id: id, status: 'COMPLETED', configuration_id: rig.configurationId, name: 'Late laptop', error: null },
    });
    expect(webhook.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);

    const res = await rig.account.call('get-transcription', { transcription_id: id });
    const t = Transcription.parse(res.body.data);
    expect(t).toMatchObject({
      status: 'COMPLETED',
      name: 'Late laptop',
      configuration_tag: 'Support line',
      participant_tag: 'Daniel',
      evaluator_tag: 'Support QA',
    });
    expect(t.duration).toBeGreaterThan(20);
    expect(t.details.created_at).toBe('2026-03-02T09:15:00.000+00:00');
    expect(t.details.language).toBe('en');
    expect(t.details.num_speakers).toBe(2);
    const segments = t.details.conversation?.segments ?? [];
    expect(new Set(segments.map((s) => s.speaker))).toEqual(new Set(['A', 'B']));
    expect(segments.length).toBeGreaterThanOrEqual(6);
    expect(segments[0]?.speaker).toBe('A');
    expect(t.details.summary?.text.length).toBeGreaterThan(20);
    expect(t.details.summary?.language).toBe('en');
    expect(t.details.fields?.fields.map((f) => f.name)).toEqual(['order_number', 'product']);

    const evaluation = t.details.evaluation!;
    const results = evaluation.breakdown.results;
    expect(results.map((r) => r.name)).toEqual(['Greeting', 'Empathy', 'Closing', 'No refund promises']);
    for (const r of results) {
      const n = r.type === 'scale' ? (r.score_raw_ai - 1) / 4 : r.score_raw_ai;
      expect(r.score_obtained).toBeCloseTo(n * r.max_weight, 2);
      expect(r.status).toBe(n >= 0.5 ? 'PASS' : 'FAIL');
    }
    expect(evaluation.score).toBe(scoreFromBreakdown(results));
    expect(evaluation.breakdown.final_score).toBe(evaluation.score);
    expect(evaluation.critical_fail).toBe(results.some((r) => r.type === 'strict' && r.status === 'FAIL'));
    expect(evaluation.breakdown.critical_fail_triggered).toBe(evaluation.critical_fail);
    expect(evaluation.breakdown).toMatchObject({ evaluator_id: evaluatorId, evaluator_tag: 'Support QA', language_used: 'en' });
    expect(evaluation.breakdown.summary_feedback).toContain(`**Score: ${evaluation.score}/100**`);

    // The stored recording is kept for as long as the transcription (docs/console.md, "The recording").
    const row = await rig.h.db.transcription.findUniqueOrThrow({ where: { id } });
    expect(await rig.h.deps.storage.exists(row.recordingKey!)).toBe(true);
    const delivery = await rig.h.db.webhookDelivery.findFirstOrThrow({ where: { transcriptionId: id }, include: { attempts: true } });
    expect(delivery).toMatchObject({ status: 'delivered', attemptCount: 1 });
    expect(delivery.attempts).toHaveLength(1);
  }, 180_000);

  it('tells the speakers of a mono recording apart by voice', async () => {
    const file = await synthesizeConversation(supportCall, { stereo: false, format: 'mp3' });
    const url = rig.recordings.serve('calls/support-call.mp3', file);
    const id = (await rig.account.call('submit', { configuration_id: rig.configurationId, url })).body.data.transcription_id as string;
    const t = await eventually(async () => {
      const data = (await rig.account.call('get-transcription', { transcription_id: id })).body.data;
      return data.status === 'COMPLETED' ? Transcription.parse(data) : undefined;
    }, 120_000);
    expect(t.details.num_speakers).toBe(2);
    const speakers = t.details.conversation!.segments.map((s) => s.speaker);
    expect(speakers[0]).toBe('A');
    // Seven turns alternate A, B, A, …: most segment boundaries fall between turns.
    expect(speakers.filter((s, i) => i > 0 && s !== speakers[i - 1]).length).toBeGreaterThanOrEqual(4);
    expect(t.details.evaluation).toBeNull();
  }, 180_000);
});
