/**
 * analytics-evaluator over the hand-checkable dataset (test/support/analytics-dataset.ts: the
 * table there is what every expected number below is worked out from).
 */
import { describe, expect, it } from 'vitest';
import { EvaluatorDashboard } from '../../src/contract/analytics.js';
import { analyticsDatasetForFile, fetchDashboard, sharedDashboardMembers, wireTimestamp as ts } from '../support/analytics-dataset.js';
import { errorBody } from '../support/harness.js';

const rig = analyticsDatasetForFile();

describe('analytics-evaluator on the seeded dataset, no date filter', () => {
  it('answers every member with the hand-computed values', async () => {
    const data = await fetchDashboard(rig.account, 'analytics-evaluator', { evaluator_id: rig.d.e1.id }, EvaluatorDashboard);
    expect(Object.keys(data)).toEqual([...sharedDashboardMembers, 'participants']);

    // T1..T7: seven calls. The IN_PROGRESS, FAILED, unscored and other-account rows are not read.
    expect(data.metadata).toEqual({
      total_records_analyzed: 7,
      query_limit_reached: false,
      filtered: false,
      generated_at: '2026-03-15T12:00:00.000',
    });
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
    // Over T2..T7 (T1 predates per-criterion scores). Resolution: raw 3 4 2 5 1 1 → 16/6, fails 2 1 1;
    // Greeting: 0 1 1 1 0 0; No promises: 1 0 0 1 0 1; Empathy (added late): T4..T7 1 0 1 1.
    // Order: fail rate 50 (Resolution first: normalised mean (2.67−1)/4 < 0.5; then Greeting and
    // No promises tie at 0.5, by name), Empathy 25, Closing (never evaluated) last with nulls.
    // "Old script" was removed from the evaluator: not listed.
    const entry = (c: { id: string; name: string; type: string }) => ({
      id: c.id,
      name: c.name,
      type: c.type,
      evaluator_id: rig.d.e1.id,
      evaluator_tag: 'Support QA',
    });
    expect(data.criteria_breakdown).toEqual([
      { ...entry(rig.d.c.resolution), evaluated_count: 6, fail_count: 3, fail_rate: 50, pass_count: 3, pass_rate: 50, avg_score: 2.67 },
      { ...entry(rig.d.c.greeting), evaluated_count: 6, fail_count: 3, fail_rate: 50, pass_count: 3, pass_rate: 50, avg_score: 0.5 },
      { ...entry(rig.d.c.noPromises), evaluated_count: 6, fail_count: 3, fail_rate: 50, pass_count: 3, pass_rate: 50, avg_score: 0.5 },
      { ...entry(rig.d.c.empathy), evaluated_count: 4, fail_count: 1, fail_rate: 25, pass_count: 3, pass_rate: 75, avg_score: 0.75 },
      { ...entry(rig.d.c.closing), evaluated_count: 0, fail_count: 0, fail_rate: null, pass_count: 0, pass_rate: null, avg_score: null },
    ]);
    // February: T2 T3 T4; March: T5 T6 T7. Scale on 1..5, the others on 0..1.
    expect(data.criteria_evolution).toEqual({
      [rig.d.c.greeting.id]: {
        ...evolutionOwner(rig.d.c.greeting),
        periods: [
          { period: '2026-02', avg_score: 0.67, count: 3 },
          { period: '2026-03', avg_score: 0.33, count: 3 },
        ],
      },
      [rig.d.c.resolution.id]: {
        ...evolutionOwner(rig.d.c.resolution),
        periods: [
          { period: '2026-02', avg_score: 3, count: 3 },
          { period: '2026-03', avg_score: 2.33, count: 3 },
        ],
      },
      [rig.d.c.noPromises.id]: {
        ...evolutionOwner(rig.d.c.noPromises),
        periods: [
          { period: '2026-02', avg_score: 0.33, count: 3 },
          { period: '2026-03', avg_score: 0.67, count: 3 },
        ],
      },
      [rig.d.c.empathy.id]: {
        ...evolutionOwner(rig.d.c.empathy),
        periods: [
          { period: '2026-02', avg_score: 1, count: 1 },
          { period: '2026-03', avg_score: 0.67, count: 3 },
        ],
      },
      [rig.d.c.closing.id]: { ...evolutionOwner(rig.d.c.closing), periods: [] },
    });
    // 20.5 is above 20: bucket 21-40 with 40.
    expect(data.score_distribution).toEqual({ '0-20': 0, '21-40': 2, '41-60': 2, '61-80': 1, '81-100': 2 });
    // current 2026-02-14..03-15: T4 T5 T6 T7 (230.5/4 = 57.625; pass T5); previous 01-15..02-13: T1 T2 T3
    // (205/3; pass T1). delta of the shown figures: 57.63 − 68.33, 25 − 33.33.
    expect(data.comparison).toEqual({
      current_period: { calls: 4, avg_score: 57.63, pass_rate: 25 },
      previous_period: { calls: 3, avg_score: 68.33, pass_rate: 33.33 },
      delta: { calls: 1, avg_score: -10.7, pass_rate: -8.33 },
    });
    // Durations 50 100 150 200 250 300 400: p25 = 2nd (⌈1.75⌉), p75 = 6th (⌈5.25⌉). short T4; long T5;
    // medium T1 T7 T2 T6 T3 (90 + 20.5 + 40 + 50 + 75) / 5.
    expect(data.duration_insights).toEqual({
      thresholds: { p25: 100, p75: 300 },
      short: { count: 1, avg_score: 60 },
      medium: { count: 5, avg_score: 55.1 },
      long: { count: 1, avg_score: 100 },
    });
    const raw = (
      id: string,
      date: string,
      score: number,
      critical: boolean,
      duration: number,
      group: string | null,
      failed: string[],
      participant: [string | null, string | null],
    ) => ({
      id,
      date: ts(date),
      score,
      critical,
      duration,
      group,
      status: 'COMPLETED',
      failed_criteria: failed,
      participant_id: participant[0],
      participant_tag: participant[1],
    });
    expect(data.raw_data).toEqual([
      raw(rig.d.t.t6, '2026-03-10T23:59:59Z', 50, true, 250, null, ['Greeting', 'Resolution', 'No promises'], [rig.d.p1.id, 'Ana']),
      raw(rig.d.t.t7, '2026-03-10T08:00:00Z', 20.5, false, 150, null, ['Greeting', 'Resolution'], [null, null]),
      raw(rig.d.t.t5, '2026-03-02T00:00:00Z', 100, false, 400, null, ['Empathy'], [rig.d.p3Id, null]),
      raw(rig.d.t.t4, '2026-02-20T09:10:00Z', 60, true, 50, 'ARCHIVED', ['Resolution', 'No promises'], [rig.d.p2.id, 'Bruno']),
      raw(rig.d.t.t3, '2026-02-03T14:45:00Z', 75, true, 300, 'PENDING_REVIEW', ['No promises'], [rig.d.p2.id, 'Bruno']),
      raw(rig.d.t.t2, '2026-02-03T14:30:00Z', 40, false, 200, 'UNDER_REVIEW', ['Greeting', 'Old script'], [rig.d.p1.id, 'Ana']),
      raw(rig.d.t.t1, '2026-01-20T00:00:00Z', 90, false, 100, null, [], [rig.d.p1.id, 'Ana']),
    ]);
    // Ana: T1 T2 T6 (90 40 50: σ = √(1400/3) = 21.60); Bruno: T3 T4 (75 60: σ 7.5); Carla (deleted): T5.
    // T7 has no participant: in the kpis, not in this table.
    expect(data.participants).toEqual([
      {
        id: rig.d.p1.id,
        tag: 'Ana',
        calls: 3,
        avg_score: 60,
        critical_fails: 1,
        critical_fail_rate: 33.33,
        consistency: 78.4,
        avg_duration: 183.33,
      },
      {
        id: rig.d.p2.id,
        tag: 'Bruno',
        calls: 2,
        avg_score: 67.5,
        critical_fails: 2,
        critical_fail_rate: 100,
        consistency: 92.5,
        avg_duration: 175,
      },
      {
        id: rig.d.p3Id,
        tag: null,
        calls: 1,
        avg_score: 100,
        critical_fails: 0,
        critical_fail_rate: 0,
        consistency: null,
        avg_duration: 400,
      },
    ]);
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

const evolutionOwner = (c: { name: string; type: string }) => ({
  name: c.name,
  type: c.type,
  evaluator_id: rig.d.e1.id,
  evaluator_tag: 'Support QA',
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
    expect(res.body.data.metadata).toEqual({
      total_records_analyzed: 6,
      query_limit_reached: false,
      filtered: true,
      generated_at: '2026-03-15T12:00:00.000',
    });
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
    expect(res.body.data.comparison).toEqual({
      current_period: { calls: 4, avg_score: 57.63, pass_rate: 25 },
      previous_period: { calls: 3, avg_score: 68.33, pass_rate: 33.33 },
      delta: { calls: 1, avg_score: -10.7, pass_rate: -8.33 },
    });
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
