/**
 * The month's plan of scheduled reports, as a pure function of the subjects, the month, what the
 * ledger says is spent and the runs already recorded. Each endpoint's pulls are ordered by
 * priority (overdue runs carried over from an earlier month first, then subjects oldest first by
 * created_at and id, then periods in order); the first ones that fit the month's quota less the
 * on-demand reserve and less what is already spent are planned, the rest skipped, each with its
 * reason. New subjects come last, so a subject created mid-month never displaces a planned one.
 */
import type { AnalyticsEndpoint } from '../quota/analytics-endpoints.js';
import { monthlyPeriodDueIn, weeklyPeriodsDueIn, type Month, type ReportPeriod } from '../report-periods.js';
import { endpointOfKind, type ReportKind, type RunStatus } from '../report-kinds.js';
import type { OnDemandReserve, ReportSchedule } from '../reports-settings.js';

export interface Subject {
  id: string;
  tag: string | null;
  /** ISO 8601; orders subjects (oldest first). */
  createdAt: string;
}

export interface LedgerFigures {
  limit: number;
  used: number;
  reserved: number;
  exhaustedAt: Date | null;
}

/** A run already recorded (any month) that the plan must take into account. */
export interface ExistingRun {
  id: string;
  kind: ReportKind;
  subjectId: string;
  period: ReportPeriod;
  dueAt: Date;
  status: RunStatus;
  /** `YYYY-MM` of the month whose quota it was planned on. */
  quotaMonth: string;
  priority: number;
  reason: string | null;
}

export interface PlanInput {
  month: Month;
  schedules: readonly ReportSchedule[];
  evaluators: readonly Subject[];
  participants: readonly Subject[];
  ledger: Record<AnalyticsEndpoint, LedgerFigures>;
  reserve: OnDemandReserve;
  existing: readonly ExistingRun[];
}

export interface PlanDecision {
  kind: ReportKind;
  subjectId: string;
  subjectTag: string | null;
  period: ReportPeriod;
  dueAt: Date;
  /** Position in the endpoint's order for the month (0 first). */
  priority: number;
  status: 'planned' | 'skipped';
  reason: string | null;
  /** The recorded run this decision updates; none for a new run. */
  existingId: string | null;
}

export interface EndpointPlan {
  limit: number;
  reserve: number;
  /** Used or in flight when planning (on-demand pulls and scheduled ones already made). */
  spent: number;
  /** Scheduled pulls the month can still take. */
  room: number;
  planned: number;
  skipped: number;
}

export interface Plan {
  month: string;
  decisions: PlanDecision[];
  endpoints: Record<AnalyticsEndpoint, EndpointPlan>;
}

interface Candidate {
  kind: ReportKind;
  subject: Subject | null;
  subjectId: string;
  period: ReportPeriod;
  dueAt: Date;
  existing: ExistingRun | null;
}

const runKey = (kind: ReportKind, subjectId: string, periodId: string) => `${kind}\n${subjectId}\n${periodId}`;
const bySeniority = (a: Subject, b: Subject) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export function planMonth(input: PlanInput): Plan {
  const existingByKey = new Map(input.existing.map((run) => [runKey(run.kind, run.subjectId, run.period.id), run]));
  const subjects: Record<ReportKind, Map<string, Subject>> = {
    account: new Map(),
    evaluator: new Map(input.evaluators.map((s) => [s.id, s])),
    participant: new Map(input.participants.map((s) => [s.id, s])),
  };
  const candidates: Record<AnalyticsEndpoint, Candidate[]> = { analytics: [], 'analytics-evaluator': [], 'analytics-participant': [] };
  const seen = new Set<string>();
  const add = (candidate: Omit<Candidate, 'existing'>) => {
    const key = runKey(candidate.kind, candidate.subjectId, candidate.period.id);
    if (seen.has(key)) return;
    seen.add(key);
    candidates[endpointOfKind[candidate.kind]].push({ ...candidate, existing: existingByKey.get(key) ?? null });
  };
  const decisions: PlanDecision[] = [];

  // Overdue runs of earlier months that never ran (the clock was down): first in line.
  const overdue = input.existing
    .filter((run) => run.status === 'planned' && run.quotaMonth < input.month.key)
    .sort((a, b) => (a.quotaMonth < b.quotaMonth ? -1 : a.quotaMonth > b.quotaMonth ? 1 : a.priority - b.priority));
  for (const run of overdue) {
    const subject = run.kind === 'account' ? null : (subjects[run.kind].get(run.subjectId) ?? null);
    if (run.kind !== 'account' && !subject) {
      decisions.push(goneDecision(run));
      seen.add(runKey(run.kind, run.subjectId, run.period.id));
      continue;
    }
    add({ kind: run.kind, subject, subjectId: run.subjectId, period: run.period, dueAt: run.dueAt });
  }

  if (input.schedules.includes('account-monthly')) {
    const { period, dueAt } = monthlyPeriodDueIn(input.month);
    add({ kind: 'account', subject: null, subjectId: '', period, dueAt });
  }
  if (input.schedules.includes('evaluator-weekly')) {
    const weeks = weeklyPeriodsDueIn(input.month);
    for (const subject of [...input.evaluators].sort(bySeniority)) {
      for (const { period, dueAt } of weeks) add({ kind: 'evaluator', subject, subjectId: subject.id, period, dueAt });
    }
  }
  if (input.schedules.includes('participant-monthly')) {
    const { period, dueAt } = monthlyPeriodDueIn(input.month);
    for (const subject of [...input.participants].sort(bySeniority))
      add({ kind: 'participant', subject, subjectId: subject.id, period, dueAt });
  }

  // Planned runs of this month whose subject is gone (deleted upstream), or whose schedule was turned off.
  for (const run of input.existing) {
    if (run.status !== 'planned' || run.quotaMonth !== input.month.key) continue;
    if (seen.has(runKey(run.kind, run.subjectId, run.period.id))) continue;
    const isGone = run.kind !== 'account' && !subjects[run.kind].has(run.subjectId);
    decisions.push(isGone ? goneDecision(run) : { ...goneDecision(run), reason: 'its schedule is no longer configured' });
  }

  const endpoints = {} as Record<AnalyticsEndpoint, EndpointPlan>;
  for (const endpoint of Object.keys(candidates) as AnalyticsEndpoint[]) {
    const figures = input.ledger[endpoint];
    const reserve = input.reserve[endpoint];
    const spent = figures.used + figures.reserved;
    const room = figures.exhaustedAt ? 0 : Math.max(0, figures.limit - reserve - spent);
    const pending = candidates[endpoint].filter(
      (c) => c.existing === null || c.existing.status === 'planned' || c.existing.status === 'skipped',
    );
    const summary: EndpointPlan = { limit: figures.limit, reserve, spent, room, planned: 0, skipped: 0 };
    pending.forEach((candidate, priority) => {
      const fits = priority < room;
      const reason = fits ? null : skipReason(endpoint, figures, reserve, spent, room, pending.length);
      if (fits) summary.planned += 1;
      else summary.skipped += 1;
      decisions.push({
        kind: candidate.kind,
        subjectId: candidate.subjectId,
        subjectTag: candidate.subject?.tag ?? null,
        period: candidate.period,
        dueAt: candidate.dueAt,
        priority,
        status: fits ? 'planned' : 'skipped',
        reason,
        existingId: candidate.existing?.id ?? null,
      });
    });
    endpoints[endpoint] = summary;
  }
  return { month: input.month.key, decisions, endpoints };
}

function goneDecision(run: ExistingRun): PlanDecision {
  return {
    kind: run.kind,
    subjectId: run.subjectId,
    subjectTag: null,
    period: run.period,
    dueAt: run.dueAt,
    priority: run.priority,
    status: 'skipped',
    reason: `${run.kind} ${run.subjectId} no longer exists upstream`,
    existingId: run.id,
  };
}

function skipReason(
  endpoint: AnalyticsEndpoint,
  figures: LedgerFigures,
  reserve: number,
  spent: number,
  room: number,
  wanted: number,
): string {
  if (figures.exhaustedAt) {
    return `the upstream reported the monthly quota of ${endpoint} (${figures.limit}) exhausted at ${figures.exhaustedAt.toISOString()}`;
  }
  const already = spent > 0 ? `, ${spent} already used or in flight` : '';
  const fit = room === 0 ? 'leaves no room' : `leaves room for ${room} of the ${wanted} scheduled pulls`;
  return `monthly quota of ${endpoint} (${figures.limit}) minus the on-demand reserve (${reserve})${already} ${fit}`;
}
