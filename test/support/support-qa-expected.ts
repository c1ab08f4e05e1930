/**
 * Support QA's (E1) criteria over all its calls of the hand-checkable dataset
 * (test/support/analytics-dataset.ts): the account-wide and the evaluator dashboard answer them alike.
 *
 * Over T2..T7 (T1 predates per-criterion scores). Resolution: raw 3 4 2 5 1 1 → 16/6, fails 2 1 1;
 * Greeting: 0 1 1 1 0 0; No promises: 1 0 0 1 0 1; Empathy (added late): T4..T7 1 0 1 1; Closing
 * never evaluated. Evolution: February T2 T3 T4, March T5 T6 T7; scale on 1..5, the others on 0..1.
 */
import type { AnalyticsDataset } from './analytics-dataset.js';
import { breakdownHead, criterionOwner, evolutionEntry, noBreakdownData } from './dashboard-expectations.js';

export function supportQaCriteria(d: AnalyticsDataset) {
  const e1 = criterionOwner(d.e1.id, 'Support QA');
  const fiftyFifty = { evaluated_count: 6, fail_count: 3, fail_rate: 50, pass_count: 3, pass_rate: 50 };
  return {
    /** Breakdown entries by criterion; the dashboards order them with other evaluators' criteria. */
    breakdown: {
      resolution: { ...breakdownHead(d.c.resolution, e1), ...fiftyFifty, avg_score: 2.67 },
      greeting: { ...breakdownHead(d.c.greeting, e1), ...fiftyFifty, avg_score: 0.5 },
      noPromises: { ...breakdownHead(d.c.noPromises, e1), ...fiftyFifty, avg_score: 0.5 },
      empathy: {
        ...breakdownHead(d.c.empathy, e1),
        evaluated_count: 4,
        fail_count: 1,
        fail_rate: 25,
        pass_count: 3,
        pass_rate: 75,
        avg_score: 0.75,
      },
      closing: { ...breakdownHead(d.c.closing, e1), ...noBreakdownData },
    },
    /** `criteria_evolution` entries keyed by criterion id. */
    evolution: {
      [d.c.greeting.id]: evolutionEntry(d.c.greeting, e1, { '2026-02': [0.67, 3], '2026-03': [0.33, 3] }),
      [d.c.resolution.id]: evolutionEntry(d.c.resolution, e1, { '2026-02': [3, 3], '2026-03': [2.33, 3] }),
      [d.c.noPromises.id]: evolutionEntry(d.c.noPromises, e1, { '2026-02': [0.33, 3], '2026-03': [0.67, 3] }),
      [d.c.empathy.id]: evolutionEntry(d.c.empathy, e1, { '2026-02': [1, 1], '2026-03': [0.67, 3] }),
      [d.c.closing.id]: evolutionEntry(d.c.closing, e1, {}),
    },
  };
}
