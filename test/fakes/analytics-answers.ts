/**
 * Dashboard answers for fakes of the upstream: every member the contract requires, with raw_data
 * rows made up by index (the other members as in the empty answer).
 */
import { randomUUID } from 'node:crypto';

export type DashboardKind = 'account' | 'evaluator' | 'participant';

/** A raw_data entry of a dashboard of that kind. */
export function rawDataEntry(kind: DashboardKind, index: number): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    id: randomUUID(),
    date: new Date(Date.UTC(2026, 9, 1) + index * 60_000).toISOString(),
    score: (index * 7) % 101,
    critical: index % 5 === 0,
    duration: 60 + (index % 600),
    group: index % 3 === 0 ? 'PENDING_REVIEW' : null,
    status: 'COMPLETED',
    failed_criteria: index % 4 === 0 ? ['Greeting', 'Hold, then transfer'] : [],
  };
  if (kind !== 'participant')
    Object.assign(entry, { participant_id: randomUUID(), participant_tag: index % 2 ? `Agent ${index}` : '=HYPERLINK("x")' });
  if (kind !== 'evaluator') Object.assign(entry, { evaluator_id: randomUUID(), evaluator_tag: 'Support QA' });
  return entry;
}

export function dashboardAnswer(kind: DashboardKind, rows = 0): Record<string, unknown> {
  const rawData = Array.from({ length: rows }, (_, i) => rawDataEntry(kind, i));
  const figures = { calls: 0, avg_score: null, pass_rate: null };
  const bucket = { count: 0, avg_score: null };
  const shared = {
    metadata: { total_records_analyzed: rows, query_limit_reached: false, filtered: true, generated_at: '2026-11-01T00:30:00.000' },
    kpis: {
      total_calls: rows,
      avg_score: rows ? 61.5 : null,
      pass_rate: rows ? 70 : null,
      total_critical_fails: Math.ceil(rows / 5),
      pending_critical_reviews: 0,
    },
    criteria_breakdown: [],
    criteria_evolution: {},
    score_distribution: { '0-20': 0, '21-40': 0, '41-60': 0, '61-80': 0, '81-100': 0 },
    comparison: { current_period: figures, previous_period: figures, delta: {} },
    duration_insights: { thresholds: { p25: null, p75: null }, short: bucket, medium: bucket, long: bucket },
    raw_data: rawData,
  };
  if (kind === 'account') return { ...shared, charts: { timeline: [], heatmap: {} }, evaluators: [], participants: [] };
  if (kind === 'evaluator') return { ...shared, charts: { timeline: [], heatmap: {} }, participants: [] };
  return {
    ...shared,
    charts: { timeline: [] },
    evaluators: [],
    trend: { direction: 'insufficient_data', recent_avg: null, previous_avg: null, sample_size: rows },
    degradation_alert: false,
  };
}
