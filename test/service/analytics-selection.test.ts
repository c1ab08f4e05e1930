/**
 * What the dashboards read: the standard empty answer (docs/decisions.md) and the 20,000 read cap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulkScoredTranscriptions, seedEvaluator, seedParticipant, seedScoredTranscription } from '../support/analytics-seed.js';
import { datasetMetadata } from '../support/dashboard-expectations.js';
import { createHarness, type Harness } from '../support/harness.js';

const now = new Date('2026-03-15T12:00:00Z');
let h: Harness;
beforeAll(() => {
  h = createHarness({ now: () => now });
});
afterAll(() => h.close());

const emptyShared = (filtered: boolean) => ({
  metadata: datasetMetadata(0, filtered),
  kpis: { total_calls: 0, avg_score: null, pass_rate: null, total_critical_fails: 0, pending_critical_reviews: 0 },
  criteria_breakdown: [],
  criteria_evolution: {},
  score_distribution: { '0-20': 0, '21-40': 0, '41-60': 0, '61-80': 0, '81-100': 0 },
  comparison: {
    current_period: { calls: 0, avg_score: null, pass_rate: null },
    previous_period: { calls: 0, avg_score: null, pass_rate: null },
    delta: {},
  },
  duration_insights: {
    thresholds: { p25: null, p75: null },
    short: { count: 0, avg_score: null },
    medium: { count: 0, avg_score: null },
    long: { count: 0, avg_score: null },
  },
  raw_data: [],
});

describe('the standard empty answer', () => {
  async function accountWithOneCall() {
    const account = await h.createAccount();
    const evaluator = await seedEvaluator(h.db, account.id, 'QA', [{ name: 'Greeting', type: 'boolean' }]);
    const participant = await seedParticipant(h.db, account.id, 'Ana');
    await seedScoredTranscription(h.db, account.id, {
      at: '2026-03-01T10:00:00Z',
      score: 80,
      duration: 60,
      evaluatorId: evaluator.id,
      participantId: participant.id,
      results: [{ criterion: evaluator.criteria[0], raw: 1 }],
    });
    return { account, evaluator, participant };
  }

  it('answers start_date after end_date with every member present, counts 0, averages null, arrays empty', async () => {
    const { account, evaluator, participant } = await accountWithOneCall();
    const dates = { start_date: '2026-03-02', end_date: '2026-03-01' };

    const byEvaluator = await account.call('analytics-evaluator', { evaluator_id: evaluator.id, ...dates });
    expect(byEvaluator.status).toBe(200);
    expect(byEvaluator.body.data).toEqual({ ...emptyShared(true), charts: { timeline: [], heatmap: {} }, participants: [] });

    const byParticipant = await account.call('analytics-participant', { participant_id: participant.id, ...dates });
    expect(byParticipant.body.data).toEqual({
      ...emptyShared(true),
      charts: { timeline: [] },
      evaluators: [],
      trend: { direction: 'insufficient_data', recent_avg: null, previous_avg: null, sample_size: 0 },
      degradation_alert: false,
    });

    const accountWide = await account.call('analytics', dates);
    expect(accountWide.body.data).toEqual({
      ...emptyShared(true),
      charts: { timeline: [], heatmap: {} },
      evaluators: [],
      participants: [],
    });
  });

  it('is the same when a valid range holds nothing, even with data in the previous period', async () => {
    const { account, evaluator } = await accountWithOneCall();
    // 2026-03-02..03-31 holds nothing; the call of 03-01 lies in the previous period.
    const res = await account.call('analytics-evaluator', { evaluator_id: evaluator.id, start_date: '2026-03-02', end_date: '2026-03-31' });
    expect(res.body.data).toEqual({ ...emptyShared(true), charts: { timeline: [], heatmap: {} }, participants: [] });
  });

  it('says filtered: false for an account without data', async () => {
    const account = await h.createAccount();
    const res = await account.call('analytics', {});
    expect(res.body.data).toEqual({ ...emptyShared(false), charts: { timeline: [], heatmap: {} }, evaluators: [], participants: [] });
  });

  it('still answers 404 for an unknown evaluator when the dates match nothing', async () => {
    const account = await h.createAccount();
    const res = await account.call('analytics-evaluator', {
      evaluator_id: '5f0c8d5e-8a4b-4c1e-9a77-2b8f8a1d0c11',
      start_date: '2026-03-02',
      end_date: '2026-03-01',
    });
    expect(res.status).toBe(404);
  });
});

describe('the read cap', () => {
  it('reads the newest 20,000 and says the cap cut the set', async () => {
    const account = await h.createAccount();
    const evaluator = await seedEvaluator(h.db, account.id, 'QA', [{ name: 'Greeting', type: 'boolean' }]);
    const newest = new Date('2026-03-14T00:00:00Z');
    await seedBulkScoredTranscriptions(h.db, {
      accountId: account.id,
      evaluator,
      participantIds: [],
      count: 20_001,
      newest,
      stepMinutes: 1,
      withResults: false,
    });
    const res = await account.call('analytics-evaluator', { evaluator_id: evaluator.id });
    expect(res.status).toBe(200);
    const { metadata, kpis, raw_data: rawData } = res.body.data;
    expect(metadata).toEqual({ ...datasetMetadata(20_000), query_limit_reached: true });
    expect(kpis.total_calls).toBe(20_000);
    expect(rawData).toHaveLength(20_000);
    expect(rawData[0].date).toBe('2026-03-14T00:00:00.000+00:00');
    // The 20,001st (one minute older still) is left out.
    expect(rawData[19_999].date).toBe(new Date(newest.getTime() - 19_999 * 60_000).toISOString().replace('Z', '+00:00'));

    // A filter that keeps fewer than 20,000 is not cut.
    const filtered = await account.call('analytics-evaluator', { evaluator_id: evaluator.id, start_date: '2026-03-13' });
    expect(filtered.body.data.metadata).toMatchObject({ total_records_analyzed: 1_441, query_limit_reached: false, filtered: true });
  });
});
