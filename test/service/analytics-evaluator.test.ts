/**
 * analytics-evaluator over the hand-checkable dataset (test/support/analytics-dataset.ts: the
 * table there is what every expected number below is worked out from).
 */
import { describe, expect, it } from 'vitest';
import { EvaluatorDashboard } from '../../src/contract/analytics.js';
import { analyticsDatasetForFile, fetchDashboard } from '../support/analytics-dataset.js';
import * as expected from '../support/dashboard-expectations.js';
import { supportQaCriteria } from '../support/support-qa-expected.js';
import { errorBody } from '../support/harness.js';

const rig = analyticsDatasetForFile();
const { rawRow: raw, rawParticipant: participant } = expected;

/**
 * The comparison over the default periods: current 2026-02-14..03-15: T4 T5 T6 T7 (230.5/4 = 57.625;
 * pass T5); previous 01-15..02-13: T1 T2 T3 (205/3; pass T1). delta of the shown figures: 57.63 − 68.33, 25 − 33.33.
 */
const defaultPeriodsComparison = {
  current_period: { calls: 4, avg_score: 57.63, pass_rate: 25 },
  previous_period: { calls: 3, avg_score: 68.33, pass_rate: 33.33 },
  delta: { calls: 1, avg_score: -10.7, pass_rate: -8.33 },
};

describe('analytics-evaluator on the seeded dataset, no date filter', () => {
  it('answers every member with the hand-computed values', async () => {
    const data = await fetchDashboard(rig.account, 'analytics-evaluator', { evaluator_id: rig.d.e1.id }, EvaluatorDashboard);
    expect(Object.keys(data)).toEqual([...expected.sharedDashboardMembers, 'participants']);

    // T1..T7: seven calls. The IN_PROGRESS, FAILED, unscored and other-account rows are not read.
    expect(data.metadata).toEqual(expected.datasetMetadata(7));
    // Σ scores 435.5 / 7 = 62.214…; passes T1, T5 (T3, T4, T6 are critical) = 2/7; critical T3, T4, T6;
    // pending: T3 (PENDING_REVIEW) and T6 (no group), not T4 (ARCHIVED).
    expect(data.kpis).toEqual({
      total_calls: 7,
      avg_score: 62.21,
      pass_rate: 28.57,
      total_critical_fails: 3,
      pending_critical_reviews: 2,
    });
    expect(data.charts.timeline).toEqual([
      { date: '2026-01-20', avg_score: 90, volume: 1, critical_fails: 0 },
      { date: '2026-02-03', avg_score: 57.5, volume: 2, critical_fails: 1 },
      { date: '2026-02-20', avg_score: 60, volume: 1, critical_fails: 1 },
      { date: '2026-03-02', avg_score: 100, volume: 1, critical_fails: 0 },
      { date: '2026-03-10', avg_score: 35.25, volume: 2, critical_fails: 1 },
    ]);
    // Date-only T1 and T5 fall at hour 0; T2 and T3 share tuesday 14h.
    expect(data.charts.heatmap).toEqual({
      monday: { 0: 100 },
      tuesday: { 0: 90, 8: 20.5, 14: 57.5, 23: 50 },
      friday: { 9: 60 },
    });
    // Order: fail rate 50 (Resolution first: normalised mean (2.67−1)/4 < 0.5; then Greeting and
    // No promises tie at 0.5, by name), Empathy 25, Closing (never evaluated) last with nulls.
    // "Old script" was removed from the evaluator: not listed.
    const qa = supportQaCriteria(rig.d);
    expect(data.criteria_breakdown).toEqual([
      qa.breakdown.resolution,
      qa.breakdown.greeting,
      qa.breakdown.noPromises,
      qa.breakdown.empathy,
      qa.breakdown.closing,
    ]);
    expect(data.criteria_evolution).toEqual(qa.evolution);
    // 20.5 is above 20: bucket 21-40 with 40.
    expect(data.score_distribution).toEqual({ '0-20': 0, '21-40': 2, '41-60': 2, '61-80': 1, '81-100': 2 });
    expect(data.comparison).toEqual(defaultPeriodsComparison);
    // Durations 50 100 150 200 250 300 400: p25 = 2nd (⌈1.75⌉), p75 = 6th (⌈5.25⌉). short T4; long T5;
    // medium T1 T7 T2 T6 T3 (90 + 20.5 + 40 + 50 + 75) / 5.
    expect(data.duration_insights).toEqual({
      thresholds: { p25: 100, p75: 300 },
      short: { count: 1, avg_score: 60 },
      medium: { count: 5, avg_score: 55.1 },
      long: { count: 1, avg_score: 100 },
    });
    const ana = participant([rig.d.p1.id, 'Ana']);
    const bruno = participant([rig.d.p2.id, 'Bruno']);
    expect(data.raw_data).toEqual([
      raw(rig.d.t.t6, '2026-03-10T23:59:59Z', 50, true, 250, null, ['Greeting', 'Resolution', 'No promises'], ana),
      raw(rig.d.t.t7, '2026-03-10T08:00:00Z', 20.5, false, 150, null, ['Greeting', 'Resolution'], participant([null, null])),
      raw(rig.d.t.t5, '2026-03-02T00:00:00Z', 100, false, 400, null, ['Empathy'], participant([rig.d.p3Id, null])),
      raw(rig.d.t.t4, '2026-02-20T09:10:00Z', 60, true, 50, 'ARCHIVED', ['Resolution', 'No promises'], bruno),
      raw(rig.d.t.t3, '2026-02-03T14:45:00Z', 75, true, 300, 'PENDING_REVIEW', ['No promises'], bruno),
      raw(rig.d.t.t2, '2026-02-03T14:30:00Z', 40, false, 200, 'UNDER_REVIEW', ['Greeting', 'Old script'], ana),
      raw(rig.d.t.t1, '2026-01-20T00:00:00Z', 90, false, 100, null, [], ana),
    ]);
    // Ana: T1 T2 T6 (90 40 50: σ = √(1400/3) = 21.60); Bruno: T3 T4 (75 60: σ 7.5); Carla (deleted): T5.
    // T7 has no participant: in the kpis, not in this table.
    // id, tag, calls, avg_score, critical_fails, critical_fail_rate, consistency, avg_duration
    expect(data.participants).toEqual(
      expected.tableRows([
        [rig.d.p1.id, 'Ana', 3, 60, 1, 33.33, 78.4, 183.33],
        [rig.d.p2.id, 'Bruno', 2, 67.5, 2, 100, 92.5, 175],
        [rig.d.p3Id, null, 1, 100, 0, 0, null, 400],
      ]),
    );
  });
});

describe('analytics-evaluator answer on the wire', () => {
  it('is written from its serialised pieces: JSON with an exact Content-Length, no ETag (res.json hashed the whole body for one)', async () => {
    const res = await rig.account.call('analytics-evaluator', { evaluator_id: rig.d.e1.id }).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.text)));
    expect(res.headers.etag).toBeUndefined();
    expect(JSON.parse(res.text).data.metadata.total_records_analyzed).toBe(7);
  });
});

describe('analytics-evaluator date filters', () => {
  it('includes both ends in UTC (start_date from 00:00, end_date through 23:59:59) and compares with as many days before', async () => {
    // 2026-02-03..2026-03-10: T2..T7 (T6 at 23:59:59 included). 36 days; previous 2025-12-29..2026-02-02: T1.
    const res = await rig.account.call('analytics-evaluator', {
      evaluator_id: rig.d.e1.id,
      start_date: '2026-02-03',
      end_date: '2026-03-10',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.metadata).toEqual(expected.datasetMetadata(6, true));
    expect(res.body.data.raw_data.map((r: { id: string }) => r.id)).toEqual([
      rig.d.t.t6,
      rig.d.t.t7,
      rig.d.t.t5,
      rig.d.t.t4,
      rig.d.t.t3,
      rig.d.t.t2,
    ]);
    expect(res.body.data.kpis).toEqual({
      total_calls: 6,
      avg_score: 57.58,
      pass_rate: 16.67,
      total_critical_fails: 3,
      pending_critical_reviews: 2,
    });
    expect(res.body.data.comparison).toEqual({
      current_period: { calls: 6, avg_score: 57.58, pass_rate: 16.67 },
      previous_period: { calls: 1, avg_score: 90, pass_rate: 100 },
      delta: { calls: 5, avg_score: -32.42, pass_rate: -83.33 },
    });
  });

  it('a start_date alone matches from its midnight (date-only T5), and the comparison keeps the default periods', async () => {
    const res = await rig.account.call('analytics-evaluator', { evaluator_id: rig.d.e1.id, start_date: '2026-03-02' });
    expect(res.body.data.raw_data.map((r: { id: string }) => r.id)).toEqual([rig.d.t.t6, rig.d.t.t7, rig.d.t.t5]);
    expect(res.body.data.metadata.filtered).toBe(true);
    expect(res.body.data.comparison).toEqual(defaultPeriodsComparison);
  });

  it('an end_date alone stops at the end of that day', async () => {
    const res = await rig.account.call('analytics-evaluator', { evaluator_id: rig.d.e1.id, end_date: '2026-03-09' });
    expect(res.body.data.raw_data.map((r: { id: string }) => r.id)).toEqual([rig.d.t.t5, rig.d.t.t4, rig.d.t.t3, rig.d.t.t2, rig.d.t.t1]);
  });

  it('with no previous-period data the delta is empty', async () => {
    // 2026-01-20 alone: current T1; previous 2026-01-19: nothing.
    const res = await rig.account.call('analytics-evaluator', {
      evaluator_id: rig.d.e1.id,
      start_date: '2026-01-20',
      end_date: '2026-01-20',
    });
    expect(res.body.data.comparison).toEqual({
      current_period: { calls: 1, avg_score: 90, pass_rate: 100 },
      previous_period: { calls: 0, avg_score: null, pass_rate: null },
      delta: {},
    });
    // T1 has a score but no per-criterion results: it counts in kpis, not in the criteria.
    expect(res.body.data.kpis.total_calls).toBe(1);
    expect(res.body.data.criteria_breakdown.map((c: { evaluated_count: number }) => c.evaluated_count)).toEqual([0, 0, 0, 0, 0]);
    expect(
      Object.values(res.body.data.criteria_evolution as Record<string, { periods: unknown[] }>).map(
        (c: { periods: unknown[] }) => c.periods,
      ),
    ).toEqual([[], [], [], [], []]);
  });

  it('rejects month-only and other forms with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ start_date: '2026-02' }, 'Invalid start_date: expected YYYY-MM-DD'],
      [{ end_date: '2026-03' }, 'Invalid end_date: expected YYYY-MM-DD'],
      [{ start_date: '2026-02-30' }, 'Invalid start_date: expected YYYY-MM-DD'],
      [{ start_date: '2026-02-03T00:00:00Z' }, 'Invalid start_date: expected YYYY-MM-DD'],
      [{ end_date: '03/10/2026' }, 'Invalid end_date: expected YYYY-MM-DD'],
      [{ start_date: 20260203 }, 'Invalid start_date: expected string'],
    ];
    for (const [dates, message] of cases) {
      const res = await rig.account.call('analytics-evaluator', { evaluator_id: rig.d.e1.id, ...dates });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody('invalid_value', message));
    }
  });
});

describe('analytics-evaluator errors', () => {
  it('404 for an unknown evaluator or one of another rig.account; 400 without evaluator_id', async () => {
    const other = await rig.h.createAccount();
    const res = await other.call('analytics-evaluator', { evaluator_id: rig.d.e1.id });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody('not_found', `Evaluator not found: ${rig.d.e1.id}`));
    expect((await rig.account.call('analytics-evaluator', {})).body).toEqual(
      errorBody('missing_field', 'Missing required field: evaluator_id'),
    );
  });
});
