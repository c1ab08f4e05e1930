/**
 * The three analytics dashboards (spec: "Analytics: evaluator and participant dashboards";
 * docs/decisions.md: account-wide shape, empty answer, rounding). Averages and rates are null when
 * there is no data, never 0.
 */
import { z } from 'zod';
import { requestObject } from './request-object.js';
import { Id, Timestamp, nullable } from './common.js';
import { dateString, parseCalendarDay } from './dates.js';
import { criterionTypes } from './evaluators.js';
import { reviewGroups, transcriptionStatuses } from './transcriptions.js';

/** A calendar day `YYYY-MM-DD` that exists and is supported; null otherwise. */
export function parseDay(value: string): { year: number; month: number; day: number; start: Date } | null {
  const parsed = parseCalendarDay(value);
  return parsed.ok ? parsed.value : null;
}

const Day = () => dateString(parseCalendarDay, 'expected YYYY-MM-DD');

const dateFilters = { start_date: Day().optional(), end_date: Day().optional() };

export const AccountAnalyticsRequest = requestObject(dateFilters);
export type AccountAnalyticsRequest = z.input<typeof AccountAnalyticsRequest>;
export const EvaluatorAnalyticsRequest = requestObject({ evaluator_id: Id, ...dateFilters });
export type EvaluatorAnalyticsRequest = z.input<typeof EvaluatorAnalyticsRequest>;
export const ParticipantAnalyticsRequest = requestObject({ participant_id: Id, ...dateFilters });
export type ParticipantAnalyticsRequest = z.input<typeof ParticipantAnalyticsRequest>;

// ── members ──

const Rate = nullable(z.number());

export const AnalyticsMetadata = z.looseObject({
  total_records_analyzed: z.number().int(),
  query_limit_reached: z.boolean(),
  filtered: z.boolean(),
  /** ISO 8601 without an offset (spec), in UTC. */
  generated_at: z.string(),
});

export const Kpis = z.looseObject({
  total_calls: z.number().int(),
  avg_score: Rate,
  pass_rate: Rate,
  total_critical_fails: z.number().int(),
  pending_critical_reviews: z.number().int(),
});

export const TimelinePoint = z.looseObject({
  date: z.string(),
  avg_score: Rate,
  volume: z.number().int(),
  critical_fails: z.number().int(),
});

/** weekday (lowercase english) → hour of day ("0".."23") → average score. */
export const Heatmap = z.record(z.string(), z.record(z.string(), z.number()));

export const CriterionBreakdown = z.looseObject({
  id: Id,
  name: z.string(),
  type: z.enum(criterionTypes),
  evaluator_id: Id,
  evaluator_tag: z.string(),
  evaluated_count: z.number().int(),
  fail_count: z.number().int(),
  fail_rate: Rate,
  pass_count: z.number().int(),
  pass_rate: Rate,
  avg_score: Rate,
});

export const CriterionEvolution = z.looseObject({
  name: z.string(),
  type: z.enum(criterionTypes),
  evaluator_id: Id,
  evaluator_tag: z.string(),
  periods: z.array(z.looseObject({ period: z.string(), avg_score: Rate, count: z.number().int() })),
});

export const scoreBuckets = ['0-20', '21-40', '41-60', '61-80', '81-100'] as const;
export const ScoreDistribution = z.looseObject({
  '0-20': z.number().int(),
  '21-40': z.number().int(),
  '41-60': z.number().int(),
  '61-80': z.number().int(),
  '81-100': z.number().int(),
});

const PeriodFigures = z.looseObject({ calls: z.number().int(), avg_score: Rate, pass_rate: Rate });
export const Comparison = z.looseObject({
  current_period: PeriodFigures,
  previous_period: PeriodFigures,
  /** Empty when there is no previous-period data, or when either period has no calls. */
  delta: z.looseObject({
    calls: z.number().optional(),
    avg_score: z.number().optional(),
    pass_rate: z.number().optional(),
  }),
});

const DurationBucket = z.looseObject({ count: z.number().int(), avg_score: Rate });
export const DurationInsights = z.looseObject({
  thresholds: z.looseObject({ p25: nullable(z.number()), p75: nullable(z.number()) }),
  short: DurationBucket,
  medium: DurationBucket,
  long: DurationBucket,
});

const rawDataBase = {
  id: Id,
  date: Timestamp,
  score: z.number(),
  critical: z.boolean(),
  duration: z.number(),
  group: nullable(z.enum(reviewGroups)),
  status: z.enum(transcriptionStatuses),
  failed_criteria: z.array(z.string()),
};
const participantRef = { participant_id: nullable(Id), participant_tag: nullable(z.string()) };
const evaluatorRef = { evaluator_id: nullable(Id), evaluator_tag: nullable(z.string()) };

/** One row of the participants (or evaluators) table of a dashboard. */
export const PeerStats = z.looseObject({
  id: Id,
  tag: nullable(z.string()),
  calls: z.number().int(),
  avg_score: Rate,
  critical_fails: z.number().int(),
  critical_fail_rate: Rate,
  consistency: Rate,
  avg_duration: Rate,
});

export const Trend = z.looseObject({
  direction: z.string(),
  recent_avg: nullable(z.number()),
  previous_avg: nullable(z.number()),
  sample_size: z.number().int(),
});

const sharedMembers = {
  metadata: AnalyticsMetadata,
  kpis: Kpis,
  criteria_breakdown: z.array(CriterionBreakdown),
  criteria_evolution: z.record(z.string(), CriterionEvolution),
  score_distribution: ScoreDistribution,
  comparison: Comparison,
  duration_insights: DurationInsights,
};

export const EvaluatorDashboard = z.looseObject({
  ...sharedMembers,
  charts: z.looseObject({ timeline: z.array(TimelinePoint), heatmap: Heatmap }),
  raw_data: z.array(z.looseObject({ ...rawDataBase, ...participantRef })),
  participants: z.array(PeerStats),
});
export type EvaluatorDashboard = z.output<typeof EvaluatorDashboard>;

export const ParticipantDashboard = z.looseObject({
  ...sharedMembers,
  charts: z.looseObject({ timeline: z.array(TimelinePoint) }),
  raw_data: z.array(z.looseObject({ ...rawDataBase, ...evaluatorRef })),
  evaluators: z.array(PeerStats),
  trend: Trend,
  degradation_alert: z.boolean(),
});
export type ParticipantDashboard = z.output<typeof ParticipantDashboard>;

export const AccountDashboard = z.looseObject({
  ...sharedMembers,
  charts: z.looseObject({ timeline: z.array(TimelinePoint), heatmap: Heatmap }),
  raw_data: z.array(z.looseObject({ ...rawDataBase, ...participantRef, ...evaluatorRef })),
  evaluators: z.array(PeerStats),
  participants: z.array(PeerStats),
});
export type AccountDashboard = z.output<typeof AccountDashboard>;
