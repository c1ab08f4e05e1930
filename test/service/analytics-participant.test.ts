/**
 * analytics-participant over the hand-checkable dataset (test/support/analytics-dataset.ts), and
 * the trend rules on participants of their own.
 */
import { describe, expect, it } from 'vitest';
import { ParticipantDashboard } from '../../src/contract/analytics.js';
import { analyticsDatasetForFile, fetchDashboard } from '../support/analytics-dataset.js';
import { seedParticipant, seedScoredTranscription } from '../support/analytics-seed.js';
import * as expected from '../support/dashboard-expectations.js';
import { errorBody } from '../support/harness.js';

const rig = analyticsDatasetForFile();
const { breakdownHead: head, evolutionEntry: evo, rawRow: raw } = expected;

describe('analytics-participant on the seeded dataset', () => {
  it('answers every member for Ana with the hand-computed values', async () => {
    const data = await fetchDashboard(rig.account, 'analytics-participant', { participant_id: rig.d.p1.id }, ParticipantDashboard);
    expect(Object.keys(data)).toEqual([...expected.sharedDashboardMembers, 'evaluators', 'trend', 'degradation_alert']);

    // Ana: T1 T2 T6 (Support QA) and T8 (Sales QA). The other account's call with her id is not read.
    expect(data.metadata).toEqual(expected.datasetMetadata(4));
    // 80 50 40 90 → 65; passes T8 and T1; T6 critical with no group → pending.
    expect(data.kpis).toEqual({ total_calls: 4, avg_score: 65, pass_rate: 50, total_critical_fails: 1, pending_critical_reviews: 1 });
    expect(data.charts).toEqual({
      timeline: [
        { date: '2026-01-20', avg_score: 90, volume: 1, critical_fails: 0 },
        { date: '2026-02-03', avg_score: 40, volume: 1, critical_fails: 0 },
        { date: '2026-03-10', avg_score: 50, volume: 1, critical_fails: 1 },
        { date: '2026-03-12', avg_score: 80, volume: 1, critical_fails: 0 },
      ],
    });
    // The criteria of both evaluators that evaluated her (not Unused QA's). Greeting exists on both.
    // Greeting (E1) 0 0 → fail 100; Resolution 3 1 (normalised 0.25) before No promises 1 0 (0.5), both 50;
    // Empathy (T6: 1) and Greeting (E2, T8: 1) tie at 0 and 1.0, by name; Closing has no data.
    const e1 = expected.criterionOwner(rig.d.e1.id, 'Support QA');
    const e2 = expected.criterionOwner(rig.d.e2.id, 'Sales QA');
    expect(data.criteria_breakdown).toEqual([
      { ...head(rig.d.c.greeting, e1), evaluated_count: 2, fail_count: 2, fail_rate: 100, pass_count: 0, pass_rate: 0, avg_score: 0 },
      { ...head(rig.d.c.resolution, e1), evaluated_count: 2, fail_count: 1, fail_rate: 50, pass_count: 1, pass_rate: 50, avg_score: 2 },
      { ...head(rig.d.c.noPromises, e1), evaluated_count: 2, fail_count: 1, fail_rate: 50, pass_count: 1, pass_rate: 50, avg_score: 0.5 },
      { ...head(rig.d.c.empathy, e1), evaluated_count: 1, fail_count: 0, fail_rate: 0, pass_count: 1, pass_rate: 100, avg_score: 1 },
      { ...head(rig.d.c.salesGreeting, e2), evaluated_count: 1, fail_count: 0, fail_rate: 0, pass_count: 1, pass_rate: 100, avg_score: 1 },
      { ...head(rig.d.c.closing, e1), ...expected.noBreakdownData },
    ]);
    expect(data.criteria_evolution).toEqual({
      [rig.d.c.greeting.id]: evo(rig.d.c.greeting, e1, { '2026-02': [0, 1], '2026-03': [0, 1] }),
      [rig.d.c.resolution.id]: evo(rig.d.c.resolution, e1, { '2026-02': [3, 1], '2026-03': [1, 1] }),
      [rig.d.c.noPromises.id]: evo(rig.d.c.noPromises, e1, { '2026-02': [1, 1], '2026-03': [0, 1] }),
      [rig.d.c.empathy.id]: evo(rig.d.c.empathy, e1, { '2026-03': [1, 1] }),
      [rig.d.c.closing.id]: evo(rig.d.c.closing, e1, {}),
      [rig.d.c.salesGreeting.id]: evo(rig.d.c.salesGreeting, e2, { '2026-03': [1, 1] }),
    });
    expect(data.score_distribution).toEqual({ '0-20': 0, '21-40': 1, '41-60': 1, '61-80': 1, '81-100': 1 });
    // current 02-14..03-15: T8 80, T6 50 (pass T8); previous 01-15..02-13: T2 40, T1 90 (pass T1): equal.
    expect(data.comparison).toEqual({
      current_period: { calls: 2, avg_score: 65, pass_rate: 50 },
      previous_period: { calls: 2, avg_score: 65, pass_rate: 50 },
      delta: { calls: 0, avg_score: 0, pass_rate: 0 },
    });
    // Durations 100 120 200 250: p25 = 1st, p75 = 3rd; nothing below 100: an empty bucket has a null average.
    expect(data.duration_insights).toEqual({
      thresholds: { p25: 100, p75: 200 },
      short: { count: 0, avg_score: null },
      medium: { count: 3, avg_score: 70 },
      long: { count: 1, avg_score: 50 },
    });
    expect(data.raw_data).toEqual([
      raw(rig.d.t.t8, '2026-03-12T10:00:00Z', 80, false, 120, null, [], e2),
      raw(rig.d.t.t6, '2026-03-10T23:59:59Z', 50, true, 250, null, ['Greeting', 'Resolution', 'No promises'], e1),
      raw(rig.d.t.t2, '2026-02-03T14:30:00Z', 40, false, 200, 'UNDER_REVIEW', ['Greeting', 'Old script'], e1),
      raw(rig.d.t.t1, '2026-01-20T00:00:00Z', 90, false, 100, null, [], e1),
    ]);
    // id, tag, calls, avg_score, critical_fails, critical_fail_rate, consistency, avg_duration
    expect(data.evaluators).toEqual(
      expected.tableRows([
        [rig.d.e1.id, 'Support QA', 3, 60, 1, 33.33, 78.4, 183.33],
        [rig.d.e2.id, 'Sales QA', 1, 80, 0, 0, null, 120],
      ]),
    );
    expect(data.trend).toEqual({ direction: 'insufficient_data', recent_avg: null, previous_avg: null, sample_size: 4 });
    expect(data.degradation_alert).toBe(false);
  });

  it("404 for a deleted participant, an unknown one and another account's", async () => {
    const res = await rig.account.call('analytics-participant', { participant_id: rig.d.p3Id });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody('not_found', `Participant not found: ${rig.d.p3Id}`));
    const other = await rig.h.createAccount();
    expect((await other.call('analytics-participant', { participant_id: rig.d.p1.id })).status).toBe(404);
  });
});

describe('trend and degradation_alert', () => {
  /** A participant with calls a day apart, oldest first, evaluated by Support QA. */
  async function participantWithScores(tag: string, scores: number[]) {
    const participant = await seedParticipant(rig.h.db, rig.account.id, tag);
    for (const [i, score] of scores.entries()) {
      await seedScoredTranscription(rig.h.db, rig.account.id, {
        at: `2026-03-${String(i + 1).padStart(2, '0')}`,
        score,
        duration: 60,
        participantId: participant.id,
        evaluatorId: rig.d.e1.id,
      });
    }
    const res = await rig.account.call('analytics-participant', { participant_id: participant.id });
    return { trend: res.body.data.trend, degradation_alert: res.body.data.degradation_alert };
  }

  it('splits the calls in halves by date, the middle one going to the newer half', async () => {
    // older 90 80 85 → 85; newer 60 70 65 75 → 67.5; delta −17.5: declining, and ≤ −10 raises the alert.
    expect(await participantWithScores('Eva', [90, 80, 85, 60, 70, 65, 75])).toEqual({
      trend: { direction: 'declining', recent_avg: 67.5, previous_avg: 85, sample_size: 7 },
      degradation_alert: true,
    });
  });

  it('is improving from +5, declining without alert above −10, stable in between, insufficient under 6 calls', async () => {
    const cases: [tag: string, scores: number[], direction: string, recent: number | null, previous: number | null, alert: boolean][] = [
      ['Fede', [50, 60, 55, 58, 62, 60], 'improving', 60, 55, false],
      ['Gil', [80, 80, 80, 72, 72, 71], 'declining', 71.67, 80, false],
      ['Hugo', [80, 80, 80, 75, 75, 75.5], 'stable', 75.17, 80, false],
      // Exactly −10: the alert is raised.
      ['Ines', [70, 70, 70, 60, 60, 60], 'declining', 60, 70, true],
      ['Juan', [10, 20, 30, 40, 50], 'insufficient_data', null, null, false],
    ];
    for (const [tag, scores, direction, recent, previous, alert] of cases) {
      expect(await participantWithScores(tag, scores)).toEqual({
        trend: { direction, recent_avg: recent, previous_avg: previous, sample_size: scores.length },
        degradation_alert: alert,
      });
    }
  });
});
