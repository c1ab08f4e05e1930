/**
 * The fake's analytics, computed roughly from its state. The evaluator and participant
 * dashboards carry the members the vendor promises (plus extras); the account-wide `analytics`,
 * whose shape the vendor does not show, answers a shape of the fake's own:
 * `{period, summary, by_evaluator, rows}`, not a dashboard.
 */
import type { EvaluatorRecord, TranscriptionRecord, UpstreamState } from './state.js';

export interface DateRange {
  start_date?: string;
  end_date?: string;
}

const round = (n: number) => Math.round(n * 100) / 100;
const mean = (values: number[]) => (values.length ? round(values.reduce((a, b) => a + b, 0) / values.length) : null);
const isPassing = (t: TranscriptionRecord) => (t.evaluation?.score ?? 0) >= 50 && !t.evaluation?.critical_fail;

/** COMPLETED and scored, inside the inclusive UTC day range. */
export function scoredIn(state: UpstreamState, range: DateRange, keep: (t: TranscriptionRecord) => boolean): TranscriptionRecord[] {
  const from = range.start_date ? Date.parse(`${range.start_date}T00:00:00Z`) : -Infinity;
  const to = range.end_date ? Date.parse(`${range.end_date}T23:59:59Z`) : Infinity;
  return [...state.transcriptions.values()].filter((t) => {
    const at = Date.parse(t.created_at);
    return t.status === 'COMPLETED' && t.evaluation !== null && at >= from && at <= to && keep(t);
  });
}

function table(
  rows: TranscriptionRecord[],
  idOf: (t: TranscriptionRecord) => string | null,
  tagOf: (t: TranscriptionRecord) => string | null,
) {
  const groups = new Map<string, TranscriptionRecord[]>();
  for (const t of rows) {
    const id = idOf(t);
    if (id) groups.set(id, [...(groups.get(id) ?? []), t]);
  }
  return [...groups.entries()].map(([id, ts]) => {
    const fails = ts.filter((t) => t.evaluation?.critical_fail).length;
    return {
      id,
      tag: tagOf(ts[0]),
      calls: ts.length,
      avg_score: mean(ts.map((t) => t.evaluation!.score)),
      critical_fails: fails,
      critical_fail_rate: round((100 * fails) / ts.length),
      consistency: ts.length > 1 ? 90 : null,
      avg_duration: mean(ts.map((t) => t.duration ?? 0)),
    };
  });
}

function criteriaOf(rows: TranscriptionRecord[], evaluators: EvaluatorRecord[]) {
  const criteria = evaluators.flatMap((e) => e.criteria.map((c) => ({ ...c, evaluator: e })));
  const resultsOf = (id: string) => rows.flatMap((t) => t.evaluation!.results.filter((r) => r.criteria_id === id).map((r) => ({ r, t })));
  const breakdown = criteria
    .map((c) => {
      const scored = resultsOf(c.id);
      const fails = scored.filter(({ r }) => r.status === 'FAIL').length;
      const n = scored.length;
      return {
        id: c.id,
        name: c.name,
        type: c.type,
        evaluator_id: c.evaluator.evaluator_id,
        evaluator_tag: c.evaluator.tag,
        evaluated_count: n,
        fail_count: fails,
        fail_rate: n ? round((100 * fails) / n) : null,
        pass_count: n - fails,
        pass_rate: n ? round((100 * (n - fails)) / n) : null,
        avg_score: mean(scored.map(({ r }) => r.score_raw_ai)),
      };
    })
    .sort((a, b) => (a.evaluated_count === 0 ? 1 : 0) - (b.evaluated_count === 0 ? 1 : 0) || (b.fail_rate ?? 0) - (a.fail_rate ?? 0));
  const evolution = Object.fromEntries(
    criteria.map((c) => {
      const byMonth = new Map<string, number[]>();
      for (const { r, t } of resultsOf(c.id))
        byMonth.set(t.created_at.slice(0, 7), [...(byMonth.get(t.created_at.slice(0, 7)) ?? []), r.score_raw_ai]);
      const periods = [...byMonth.entries()].sort().map(([period, scores]) => ({ period, avg_score: mean(scores), count: scores.length }));
      return [c.id, { name: c.name, type: c.type, evaluator_id: c.evaluator.evaluator_id, evaluator_tag: c.evaluator.tag, periods }];
    }),
  );
  return { breakdown, evolution };
}

/** The members both dashboards share. */
function sharedMembers(rows: TranscriptionRecord[], evaluators: EvaluatorRecord[], range: DateRange, generatedAt: string) {
  const scores = rows.map((t) => t.evaluation!.score);
  const days = new Map<string, TranscriptionRecord[]>();
  for (const t of rows) days.set(t.created_at.slice(0, 10), [...(days.get(t.created_at.slice(0, 10)) ?? []), t]);
  const bucket = (lo: number, hi: number) => scores.filter((s) => s >= lo && s <= hi).length;
  const durations = rows.map((t) => t.duration ?? 0).sort((a, b) => a - b);
  const p25 = durations.length ? durations[Math.floor(0.25 * (durations.length - 1))] : null;
  const p75 = durations.length ? durations[Math.floor(0.75 * (durations.length - 1))] : null;
  const inBucket = (keep: (d: number) => boolean) => {
    const ts = rows.filter((t) => keep(t.duration ?? 0));
    return { count: ts.length, avg_score: mean(ts.map((t) => t.evaluation!.score)) };
  };
  const { breakdown, evolution } = criteriaOf(rows, evaluators);
  const current = {
    calls: rows.length,
    avg_score: mean(scores),
    pass_rate: rows.length ? round((100 * rows.filter(isPassing).length) / rows.length) : null,
  };
  return {
    metadata: {
      total_records_analyzed: rows.length,
      query_limit_reached: false,
      filtered: Boolean(range.start_date ?? range.end_date),
      generated_at: generatedAt.slice(0, 19),
    },
    kpis: {
      total_calls: rows.length,
      avg_score: mean(scores),
      pass_rate: current.pass_rate,
      total_critical_fails: rows.filter((t) => t.evaluation!.critical_fail).length,
      pending_critical_reviews: rows.filter((t) => t.evaluation!.critical_fail && (t.group === null || t.group === 'PENDING_REVIEW'))
        .length,
      x_cost_units: rows.length * 3,
    },
    charts: {
      timeline: [...days.entries()].sort().map(([date, ts]) => ({
        date,
        avg_score: mean(ts.map((t) => t.evaluation!.score)),
        volume: ts.length,
        critical_fails: ts.filter((t) => t.evaluation!.critical_fail).length,
      })),
    },
    criteria_breakdown: breakdown,
    criteria_evolution: evolution,
    score_distribution: {
      '0-20': bucket(0, 20),
      '21-40': bucket(20.01, 40),
      '41-60': bucket(40.01, 60),
      '61-80': bucket(60.01, 80),
      '81-100': bucket(80.01, 100),
    },
    comparison: { current_period: current, previous_period: { calls: 0, avg_score: null, pass_rate: null }, delta: {} },
    duration_insights: {
      thresholds: { p25, p75 },
      short: inBucket((d) => p25 !== null && d < p25),
      medium: inBucket((d) => p25 !== null && p75 !== null && d >= p25 && d <= p75),
      long: inBucket((d) => p75 !== null && d > p75),
    },
    raw_data: rows.map((t) => ({
      id: t.transcription_id,
      date: t.created_at,
      score: t.evaluation!.score,
      critical: t.evaluation!.critical_fail,
      duration: t.duration,
      group: t.group,
      status: t.status,
      failed_criteria: t.evaluation!.results.filter((r) => r.status === 'FAIL').map((r) => r.name),
      participant_id: t.participant_id,
      participant_tag: t.participant_tag,
      evaluator_id: t.evaluator_id,
      evaluator_tag: t.evaluator_tag,
    })),
    vendor_trace: 'trace-analytics',
  };
}

const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

export function evaluatorDashboard(state: UpstreamState, evaluator: EvaluatorRecord, range: DateRange) {
  const rows = scoredIn(state, range, (t) => t.evaluator_id === evaluator.evaluator_id);
  const heatmap: Record<string, Record<string, number | null>> = {};
  for (const t of rows) {
    const at = new Date(t.created_at);
    const day = (heatmap[weekdays[at.getUTCDay()]] ??= {});
    const hour = String(at.getUTCHours());
    const same = rows.filter(
      (o) => new Date(o.created_at).getUTCDay() === at.getUTCDay() && new Date(o.created_at).getUTCHours() === at.getUTCHours(),
    );
    day[hour] = mean(same.map((o) => o.evaluation!.score));
  }
  const shared = sharedMembers(rows, [evaluator], range, state.timestamp());
  return {
    ...shared,
    charts: { ...shared.charts, heatmap },
    participants: table(
      rows,
      (t) => t.participant_id,
      (t) => t.participant_tag,
    ),
  };
}

export function participantDashboard(state: UpstreamState, participantId: string, range: DateRange) {
  const rows = scoredIn(state, range, (t) => t.participant_id === participantId);
  const evaluators = [...state.evaluators.values()].filter((e) => rows.some((t) => t.evaluator_id === e.evaluator_id));
  const scores = [...rows].sort((a, b) => a.created_at.localeCompare(b.created_at)).map((t) => t.evaluation!.score);
  const half = Math.floor(scores.length / 2);
  const isEnough = scores.length >= 6;
  return {
    ...sharedMembers(rows, evaluators, range, state.timestamp()),
    evaluators: table(
      rows,
      (t) => t.evaluator_id,
      (t) => t.evaluator_tag,
    ),
    trend: {
      direction: isEnough ? 'stable' : 'insufficient_data',
      recent_avg: isEnough ? mean(scores.slice(half)) : null,
      previous_avg: isEnough ? mean(scores.slice(0, half)) : null,
      sample_size: scores.length,
    },
    degradation_alert: false,
  };
}

/** The account-wide answer, in the fake's own shape. */
export function accountAnalytics(state: UpstreamState, range: DateRange) {
  const rows = scoredIn(state, range, () => true);
  return {
    period: { start_date: range.start_date ?? null, end_date: range.end_date ?? null },
    summary: {
      calls: rows.length,
      average_score: mean(rows.map((t) => t.evaluation!.score)),
      critical_fails: rows.filter((t) => t.evaluation!.critical_fail).length,
      passing_share: rows.length ? round(rows.filter(isPassing).length / rows.length) : null,
    },
    by_evaluator: table(
      rows,
      (t) => t.evaluator_id,
      (t) => t.evaluator_tag,
    ).map(({ id, tag, calls, avg_score }) => ({ evaluator: id, label: tag, calls, mean_score: avg_score })),
    rows: rows.map((t) => ({
      transcription: t.transcription_id,
      at: t.created_at,
      score: t.evaluation!.score,
      critical: t.evaluation!.critical_fail,
    })),
    generated: state.timestamp(),
    vendor_trace: 'trace-account-analytics',
  };
}
