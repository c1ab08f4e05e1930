/**
 * `analytics` (account-wide) over the hand-checkable dataset (test/support/analytics-dataset.ts).
 */
import { describe, expect, it } from 'vitest';
import { AccountDashboard } from '../../src/contract/analytics.js';
import { analyticsDatasetForFile, fetchDashboard } from '../support/analytics-dataset.js';
import { seedEvaluator, seedScoredTranscription } from '../support/analytics-seed.js';
import * as expected from '../support/dashboard-expectations.js';
import { supportQaCriteria } from '../support/support-qa-expected.js';

const rig = analyticsDatasetForFile();
const { breakdownHead: head, evolutionEntry: evo, rawRow: raw, rawParticipant: participant } = expected;

describe('analytics (account-wide) on the seeded dataset', () => {
  it('answers every member with the hand-computed values', async () => {
    const data = await fetchDashboard(rig.account, 'analytics', {}, AccountDashboard);
    expect(Object.keys(data)).toEqual([...expected.sharedDashboardMembers, 'evaluators', 'participants']);

    // T1..T9. Σ scores 545.5 / 9; passes T1 T5 T8.
    expect(data.metadata).toEqual(expected.datasetMetadata(9));
    expect(data.kpis).toEqual({ total_calls: 9, avg_score: 60.61, pass_rate: 33.33, total_critical_fails: 3, pending_critical_reviews: 2 });
    expect(data.charts).toEqual({
      timeline: [
        { date: '2026-01-05', avg_score: 30, volume: 1, critical_fails: 0 },
        { date: '2026-01-20', avg_score: 90, volume: 1, critical_fails: 0 },
        { date: '2026-02-03', avg_score: 57.5, volume: 2, critical_fails: 1 },
        { date: '2026-02-20', avg_score: 60, volume: 1, critical_fails: 1 },
        { date: '2026-03-02', avg_score: 100, volume: 1, critical_fails: 0 },
        { date: '2026-03-10', avg_score: 35.25, volume: 2, critical_fails: 1 },
        { date: '2026-03-12', avg_score: 80, volume: 1, critical_fails: 0 },
      ],
      heatmap: {
        monday: { 0: 100, 10: 30 },
        tuesday: { 0: 90, 8: 20.5, 14: 57.5, 23: 50 },
        thursday: { 10: 80 },
        friday: { 9: 60 },
      },
    });
    // Every criterion of every evaluator the account has now. Four at 50 %: Resolution (normalised
    // 0.42) first, then three at 0.5: Greeting (Sales QA: T9 0, T8 1) and Greeting (Support QA) by
    // evaluator tag, then No promises; Empathy 25 %; Closing and Tone (Unused QA) without data, by name.
    const qa = supportQaCriteria(rig.d);
    const e1 = expected.criterionOwner(rig.d.e1.id, 'Support QA');
    const e2 = expected.criterionOwner(rig.d.e2.id, 'Sales QA');
    const e3 = expected.criterionOwner(rig.d.e3.id, 'Unused QA');
    expect(data.criteria_breakdown).toEqual([
      qa.breakdown.resolution,
      {
        ...head(rig.d.c.salesGreeting, e2),
        evaluated_count: 2,
        fail_count: 1,
        fail_rate: 50,
        pass_count: 1,
        pass_rate: 50,
        avg_score: 0.5,
      },
      qa.breakdown.greeting,
      qa.breakdown.noPromises,
      qa.breakdown.empathy,
      qa.breakdown.closing,
      { ...head(rig.d.c.tone, e3), ...expected.noBreakdownData },
    ]);
    expect(data.criteria_evolution).toEqual({
      ...qa.evolution,
      [rig.d.c.salesGreeting.id]: evo(rig.d.c.salesGreeting, e2, { '2026-01': [0, 1], '2026-03': [1, 1] }),
      [rig.d.c.tone.id]: evo(rig.d.c.tone, e3, {}),
    });
    expect(data.score_distribution).toEqual({ '0-20': 0, '21-40': 3, '41-60': 2, '61-80': 2, '81-100': 2 });
    // current 02-14..03-15: T4 T5 T7 T6 T8 (310.5 / 5; pass T5 T8); previous: T1 T2 T3 (T9 is older).
    expect(data.comparison).toEqual({
      current_period: { calls: 5, avg_score: 62.1, pass_rate: 40 },
      previous_period: { calls: 3, avg_score: 68.33, pass_rate: 33.33 },
      delta: { calls: 2, avg_score: -6.23, pass_rate: 6.67 },
    });
    // 50 90 100 120 150 200 250 300 400: p25 = 3rd (⌈2.25⌉), p75 = 7th (⌈6.75⌉).
    expect(data.duration_insights).toEqual({
      thresholds: { p25: 100, p75: 250 },
      short: { count: 2, avg_score: 45 },
      medium: { count: 5, avg_score: 56.1 },
      long: { count: 2, avg_score: 87.5 },
    });
    const ana = participant([rig.d.p1.id, 'Ana']);
    const bruno = participant([rig.d.p2.id, 'Bruno']);
    expect(data.raw_data).toEqual([
      raw(rig.d.t.t8, '2026-03-12T10:00:00Z', 80, false, 120, null, [], ana, e2),
      raw(rig.d.t.t6, '2026-03-10T23:59:59Z', 50, true, 250, null, ['Greeting', 'Resolution', 'No promises'], ana, e1),
      raw(rig.d.t.t7, '2026-03-10T08:00:00Z', 20.5, false, 150, null, ['Greeting', 'Resolution'], participant([null, null]), e1),
      raw(rig.d.t.t5, '2026-03-02T00:00:00Z', 100, false, 400, null, ['Empathy'], participant([rig.d.p3Id, null]), e1),
      raw(rig.d.t.t4, '2026-02-20T09:10:00Z', 60, true, 50, 'ARCHIVED', ['Resolution', 'No promises'], bruno, e1),
      raw(rig.d.t.t3, '2026-02-03T14:45:00Z', 75, true, 300, 'PENDING_REVIEW', ['No promises'], bruno, e1),
      raw(rig.d.t.t2, '2026-02-03T14:30:00Z', 40, false, 200, 'UNDER_REVIEW', ['Greeting', 'Old script'], ana, e1),
      raw(rig.d.t.t1, '2026-01-20T00:00:00Z', 90, false, 100, null, [], ana, e1),
      raw(rig.d.t.t9, '2026-01-05T10:00:00Z', 30, false, 90, null, ['Greeting'], bruno, e2),
    ]);
    // Support QA: T1..T7, σ of 90 40 75 60 100 50 20.5 = 26.05; Sales QA: 80 30, σ 25. Unused QA has no calls.
    // id, tag, calls, avg_score, critical_fails, critical_fail_rate, consistency, avg_duration
    expect(data.evaluators).toEqual(
      expected.tableRows([
        [rig.d.e1.id, 'Support QA', 7, 62.21, 3, 42.86, 73.95, 207.14],
        [rig.d.e2.id, 'Sales QA', 2, 55, 0, 0, 75, 105],
      ]),
    );
    // Ana: 90 40 50 80 (σ √425); Bruno: 75 60 30 (σ √350); Carla (deleted): 100.
    expect(data.participants).toEqual(
      expected.tableRows([
        [rig.d.p1.id, 'Ana', 4, 65, 1, 25, 79.38, 167.5],
        [rig.d.p2.id, 'Bruno', 3, 55, 2, 66.67, 81.29, 146.67],
        [rig.d.p3Id, null, 1, 100, 0, 0, null, 400],
      ]),
    );
  });
});

describe('a deleted evaluator', () => {
  it('still counts in kpis and tables (tag null) but its criteria leave the breakdown', async () => {
    const own = await rig.h.createAccount();
    const kept = await seedEvaluator(rig.h.db, own.id, 'Kept', [{ name: 'Tone', type: 'boolean' }]);
    const gone = await seedEvaluator(rig.h.db, own.id, 'Gone', [{ name: 'Tone', type: 'boolean' }]);
    const seedCall = (evaluator: typeof kept, at: string, score: number, raw: number) =>
      seedScoredTranscription(rig.h.db, own.id, {
        at,
        score,
        duration: 60,
        evaluatorId: evaluator.id,
        results: [{ criterion: evaluator.criteria[0], raw }],
      });
    const keptCall = await seedCall(kept, '2026-03-01T09:00:00Z', 70, 1);
    const goneCall = await seedCall(gone, '2026-03-01T10:00:00Z', 30, 0);
    await rig.h.db.evaluator.delete({ where: { id: gone.id } });

    const data = (await own.call('analytics', {})).body.data;
    expect(data.kpis).toEqual({ total_calls: 2, avg_score: 50, pass_rate: 50, total_critical_fails: 0, pending_critical_reviews: 0 });
    expect(data.criteria_breakdown).toEqual([
      {
        ...head({ id: kept.criteria[0].id, name: 'Tone', type: 'boolean' }, expected.criterionOwner(kept.id, 'Kept')),
        evaluated_count: 1,
        fail_count: 0,
        fail_rate: 0,
        pass_count: 1,
        pass_rate: 100,
        avg_score: 1,
      },
    ]);
    expect(Object.keys(data.criteria_evolution)).toEqual([kept.criteria[0].id]);
    expect(data.evaluators).toEqual(
      expected.tableRows([
        [kept.id, 'Kept', 1, 70, 0, 0, null, 60],
        [gone.id, null, 1, 30, 0, 0, null, 60],
      ]),
    );
    expect(
      data.raw_data.map((r: { id: string; evaluator_tag: string | null; failed_criteria: string[] }) => [
        r.id,
        r.evaluator_tag,
        r.failed_criteria,
      ]),
    ).toEqual([
      [goneCall, null, ['Tone']],
      [keptCall, 'Kept', []],
    ]);
  });
});
