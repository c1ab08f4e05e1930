/**
 * Builders of the expected members of the analytics dashboards (docs/analytics.md), shared by the
 * tests of the account, evaluator and participant dashboards and the independent upstream fake:
 * the member order, the metadata at the frozen clock of test/support/analytics-dataset.ts, and
 * one row of each table in the wire's member names.
 */

/** The members every dashboard answers first, in order; each dashboard adds its own after them. */
export const sharedDashboardMembers = [
  'metadata',
  'kpis',
  'charts',
  'criteria_breakdown',
  'criteria_evolution',
  'score_distribution',
  'comparison',
  'duration_insights',
  'raw_data',
];

/** A timestamp of the dataset table as the API writes it (`…T10:00:00.000+00:00`). */
export const wireTimestamp = (iso: string) => iso.replace('Z', '.000+00:00');

/** `metadata` of an answer computed at the dataset's frozen clock (2026-03-15T12:00:00Z). */
export const datasetMetadata = (totalRecords: number, filtered = false) => ({
  total_records_analyzed: totalRecords,
  query_limit_reached: false,
  filtered,
  generated_at: '2026-03-15T12:00:00.000',
});

interface CriterionRef {
  id: string;
  name: string;
  type: string;
}

/** The evaluator a criterion belongs to, as the breakdown and evolution name it. */
export const criterionOwner = (evaluatorId: string, evaluatorTag: string) => ({ evaluator_id: evaluatorId, evaluator_tag: evaluatorTag });

type CriterionOwner = ReturnType<typeof criterionOwner>;

/** The leading members of a `criteria_breakdown` entry: the criterion and its evaluator. */
export const breakdownHead = (c: CriterionRef, owner: CriterionOwner) => ({ id: c.id, name: c.name, type: c.type, ...owner });

/** The figures of a `criteria_breakdown` entry of a criterion no selected call evaluated. */
export const noBreakdownData = { evaluated_count: 0, fail_count: 0, fail_rate: null, pass_count: 0, pass_rate: null, avg_score: null };

/** A `criteria_evolution` entry; `periods` maps each month to its [avg_score, count]. */
export const evolutionEntry = (c: Omit<CriterionRef, 'id'>, owner: CriterionOwner, periods: Record<string, [number, number]>) => ({
  name: c.name,
  type: c.type,
  ...owner,
  periods: Object.entries(periods).map(([period, [avg_score, count]]) => ({ period, avg_score, count })),
});

/** The participant members of a `raw_data` row. */
export const rawParticipant = ([id, tag]: [string | null, string | null]) => ({ participant_id: id, participant_tag: tag });

/** A `raw_data` row of a COMPLETED call; `members` adds what the dashboard names besides (participant, evaluator). */
export const rawRow = (
  id: string,
  date: string,
  score: number,
  critical: boolean,
  duration: number,
  group: string | null,
  failed: string[],
  ...members: object[]
) =>
  Object.assign(
    { id, date: wireTimestamp(date), score, critical, duration, group, status: 'COMPLETED', failed_criteria: failed },
    ...members,
  );

/** One row of a dashboard's `evaluators` or `participants` table, its members in this order. */
export type TableRowValues = [
  id: string,
  tag: string | null,
  calls: number,
  avgScore: number,
  criticalFails: number,
  criticalFailRate: number,
  consistency: number | null,
  avgDuration: number,
];

/** The rows of an `evaluators` or `participants` table. */
export const tableRows = (rows: TableRowValues[]) =>
  rows.map(([id, tag, calls, avgScore, criticalFails, criticalFailRate, consistency, avgDuration]) => ({
    id,
    tag,
    calls,
    avg_score: avgScore,
    critical_fails: criticalFails,
    critical_fail_rate: criticalFailRate,
    consistency,
    avg_duration: avgDuration,
  }));
