/**
 * hub_report_runs: the plan (planned and skipped runs, with reasons) and each run's outcome.
 * Unique per upstream account, report and period; a run only starts from `planned`, by one
 * conditional update, so it is never pulled twice.
 */
import type { Db } from '../../../db.js';
import type { HubReportRun } from '../../../generated/prisma/client.js';
import { pageOf, type KeysetPosition } from '../../../lib/paging/keyset-cursor.js';
import { dayOf, monthOf, type Month } from '../report-periods.js';
import type { ReportKind, RunStatus } from '../report-kinds.js';
import type { ExistingRun, Plan, PlanDecision } from '../planning/plan-month.js';

export type ReportRun = HubReportRun;

const dateOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

function toExisting(run: HubReportRun): ExistingRun {
  return {
    id: run.id,
    kind: run.kind,
    subjectId: run.subjectId,
    period: { id: run.period, start: dayOf(run.periodStart), end: dayOf(run.periodEnd) },
    dueAt: run.dueAt,
    status: run.status,
    quotaMonth: monthOf(run.quotaMonth).key,
    priority: run.priority,
    reason: run.reason,
  };
}

/** The runs the month's plan must consider: the month's own, and planned ones left over from earlier months. */
export async function loadExistingRuns(db: Db, scope: string, month: Month): Promise<ExistingRun[]> {
  const runs = await db.hubReportRun.findMany({
    where: { scope, OR: [{ quotaMonth: month.start }, { status: 'planned', quotaMonth: { lt: month.start } }] },
  });
  return runs.map(toExisting);
}

export interface SavedPlan {
  /** Decisions that created a run or changed one's status (what the log reports). */
  changed: PlanDecision[];
}

/**
 * Records the plan: new runs are created (a concurrent planner's identical row is kept), existing
 * planned or skipped ones take the new decision; a run that started meanwhile is left alone.
 */
export async function savePlan(db: Db, scope: string, month: Month, plan: Plan, existing: readonly ExistingRun[]): Promise<SavedPlan> {
  const byId = new Map(existing.map((run) => [run.id, run]));
  const changed: PlanDecision[] = [];
  const fresh = plan.decisions.filter((d) => d.existingId === null);
  if (fresh.length) {
    const result = await db.hubReportRun.createMany({
      data: fresh.map((d) => ({
        scope,
        kind: d.kind,
        subjectId: d.subjectId,
        subjectTag: d.subjectTag,
        period: d.period.id,
        periodStart: dateOf(d.period.start),
        periodEnd: dateOf(d.period.end),
        quotaMonth: month.start,
        dueAt: d.dueAt,
        priority: d.priority,
        status: d.status,
        reason: d.reason,
      })),
      skipDuplicates: true,
    });
    if (result.count) changed.push(...fresh);
  }
  for (const decision of plan.decisions) {
    if (decision.existingId === null) continue;
    const before = byId.get(decision.existingId);
    const quotaMonthChanged = before !== undefined && before.quotaMonth !== month.key && decision.status === 'planned';
    const isSame =
      before?.status === decision.status &&
      before.reason === decision.reason &&
      before.priority === decision.priority &&
      !quotaMonthChanged;
    if (isSame) continue;
    const { count } = await db.hubReportRun.updateMany({
      where: { id: decision.existingId, status: { in: ['planned', 'skipped'] } },
      data: {
        status: decision.status,
        reason: decision.reason,
        priority: decision.priority,
        ...(decision.subjectTag !== null ? { subjectTag: decision.subjectTag } : {}),
        ...(quotaMonthChanged ? { quotaMonth: month.start } : {}),
        ...(decision.status === 'planned' ? { finishedAt: null } : {}),
      },
    });
    if (count && before?.status !== decision.status) changed.push(decision);
  }
  return { changed };
}

/** Planned runs whose time has come. */
export async function findDueRuns(
  db: Db,
  scope: string,
  now: Date,
): Promise<Pick<ReportRun, 'id' | 'attempts' | 'kind' | 'subjectId' | 'period'>[]> {
  return db.hubReportRun.findMany({
    where: { scope, status: 'planned', dueAt: { lte: now } },
    select: { id: true, attempts: true, kind: true, subjectId: true, period: true },
    orderBy: [{ dueAt: 'asc' }, { priority: 'asc' }],
  });
}

/** Starts a planned run; null when it is not planned (already run, running, or skipped). */
export async function claimRun(db: Db, runId: string, now: Date): Promise<ReportRun | null> {
  const { count } = await db.hubReportRun.updateMany({
    where: { id: runId, status: 'planned' },
    data: { status: 'running', startedAt: now, attempts: { increment: 1 }, reason: null },
  });
  return count ? db.hubReportRun.findUnique({ where: { id: runId } }) : null;
}

/** Ends a running run (back to planned when its attempt sent nothing and will be tried again). */
export async function finishRun(
  db: Db,
  runId: string,
  status: Exclude<RunStatus, 'running'>,
  reason: string | null,
  now: Date,
): Promise<void> {
  await db.hubReportRun.updateMany({
    where: { id: runId, status: 'running' },
    data: { status, reason, finishedAt: status === 'planned' ? null : now },
  });
}

export interface ReportRunFilter {
  /** The upstream account (ConversationClient.accountRef). */
  scope: string;
  /** `YYYY-MM`: runs planned on that month's quota. */
  month?: string;
  status?: RunStatus;
  kind?: ReportKind;
  id?: string;
  limit?: number;
}

export type ListedReportRun = ReportRun & {
  snapshot: {
    id: string;
    rowCount: number;
    fetchedAt: Date;
    exportTarget: string | null;
    exportedAt: Date | null;
    exportError: string | null;
  } | null;
};

const snapshotColumns = { id: true, rowCount: true, fetchedAt: true, exportTarget: true, exportedAt: true, exportError: true } as const;

const whereOf = (filter: ReportRunFilter) => ({
  scope: filter.scope,
  ...(filter.month ? { quotaMonth: dateOf(`${filter.month}-01`) } : {}),
  ...(filter.status ? { status: filter.status } : {}),
  ...(filter.kind ? { kind: filter.kind } : {}),
  ...(filter.id ? { id: filter.id } : {}),
});

/** The plan and its outcomes: due order, with skip and failure reasons and each pull's export. */
export async function listReportRuns(db: Db, filter: ReportRunFilter): Promise<ListedReportRun[]> {
  return db.hubReportRun.findMany({
    include: { snapshot: { select: snapshotColumns } },
    where: whereOf(filter),
    orderBy: [{ quotaMonth: 'desc' }, { dueAt: 'asc' }, { kind: 'asc' }, { priority: 'asc' }],
    take: Math.min(filter.limit ?? 1_000, 10_000),
  });
}

/**
 * The runs for the console and the admin API's list, newest recorded first (created, then id), a
 * page at a time: `before` is the previous page's last position (keyset-cursor.ts).
 */
export async function listReportRunsPage(
  db: Db,
  filter: ReportRunFilter & { limit: number; before?: KeysetPosition | undefined },
): Promise<{ runs: ListedReportRun[]; nextCursor: string | null }> {
  const { before } = filter;
  const rows = await db.hubReportRun.findMany({
    include: { snapshot: { select: snapshotColumns } },
    where: {
      ...whereOf(filter),
      ...(before ? { OR: [{ createdAt: { lt: before.at } }, { createdAt: before.at, id: { lt: before.id } }] } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: Math.min(filter.limit, 1_000) + 1,
  });
  const page = pageOf(rows, Math.min(filter.limit, 1_000), (r) => ({ at: r.createdAt, id: r.id }));
  return { runs: page.items, nextCursor: page.nextCursor };
}
