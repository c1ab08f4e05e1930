import { z } from 'zod';
import type { Db } from '../../db.js';
import { lowerBoundOf } from '../../contract/dates.js';
import { Prisma } from '../../generated/prisma/client.js';
import { checkDayRange, lastMomentOfDay, optionalFilterDay, startOfDay } from './day-filter.js';

const empty = (v: unknown) => (v === '' ? undefined : v);

export const DashboardFilters = z
  .object({
    from: optionalFilterDay,
    to: optionalFilterDay,
    evaluator: z.preprocess(empty, z.guid().optional()),
  })
  .superRefine(checkDayRange);
export type DashboardFilters = z.infer<typeof DashboardFilters>;

export interface DashboardFigures {
  range: { from: string; to: string };
  kpis: {
    calls: number;
    avgScore: number | null;
    passRate: number | null;
    criticalFails: number;
    pendingReviews: number;
    reviewed: number;
    overrides: number;
    /** Calls the upstream could not process (FAILED): counted apart, never in the scores or the critical fails. */
    failed: number;
  };
  timeline: { day: string; calls: number; avgScore: number | null }[];
  distribution: number[];
  criteria: {
    name: string;
    total: number;
    aiFails: number;
    reviewedFails: number;
    reviewedRows: number;
    agreements: number;
    overrules: number;
  }[];
  participants: { label: string; calls: number; avgScore: number | null; criticalFails: number }[];
  evaluators: { id: string | null; label: string; calls: number; avgScore: number | null; criticalFails: number }[];
  heatmap: number[][];
  reports: { kind: string; subject: string | null; period: string; finishedAt: Date | null; exportTarget: string | null }[];
}

const dayString = (d: Date) => d.toISOString().slice(0, 10);
const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The dashboard's figures from the mirror (no analytics quota spent): completed, evaluated calls
 * recorded in the range (default: the last 30 days), optionally of one evaluator. Pass means score
 * ≥ 50 and no critical fail, as the API's analytics count it.
 */
export async function loadDashboardFigures(db: Db, filters: DashboardFilters, now: Date): Promise<DashboardFigures> {
  const to = filters.to ?? dayString(now);
  const from = filters.from ?? dayString(lowerBoundOf(new Date(startOfDay(to).getTime() - 29 * 86_400_000)));
  const start = startOfDay(from);
  const end = lastMomentOfDay(to);
  const where = Prisma.sql`t.recorded_at >= ${start} AND t.recorded_at <= ${end} AND t.deleted_at IS NULL AND t.score IS NOT NULL
    ${filters.evaluator ? Prisma.sql`AND t.evaluator_id = ${filters.evaluator}::uuid` : Prisma.empty}`;
  const criteriaWhere = Prisma.sql`c.recorded_at >= ${start} AND c.recorded_at <= ${end}
    ${filters.evaluator ? Prisma.sql`AND c.evaluator_id = ${filters.evaluator}::uuid` : Prisma.empty}`;

  const [kpis, timeline, distribution, criteria, participants, evaluators, heat, reports, failed] = await Promise.all([
    db.$queryRaw<Record<string, unknown>[]>`
      SELECT count(*) AS calls, avg(t.score) AS avg_score,
             100.0 * count(*) FILTER (WHERE t.score >= 50 AND NOT coalesce(t.critical_fail, false)) / nullif(count(*), 0) AS pass_rate,
             count(*) FILTER (WHERE t.critical_fail) AS critical_fails,
             count(*) FILTER (WHERE t.critical_fail AND (t.review_group IS NULL OR t.review_group = 'PENDING_REVIEW')) AS pending,
             count(r.transcription_id) AS reviewed, coalesce(sum(r.override_count), 0) AS overrides
      FROM hub_transcriptions t LEFT JOIN hub_reviews r ON r.transcription_id = t.id WHERE ${where}`,
    db.$queryRaw<{ day: Date; calls: bigint; avg_score: number | null }[]>`
      SELECT date_trunc('day', t.recorded_at AT TIME ZONE 'UTC') AS day, count(*) AS calls, avg(t.score) AS avg_score
      FROM hub_transcriptions t WHERE ${where} GROUP BY 1 ORDER BY 1`,
    db.$queryRaw<{ bucket: number; calls: bigint }[]>`
      SELECT least(floor(t.score / 10), 9)::int AS bucket, count(*) AS calls FROM hub_transcriptions t WHERE ${where} GROUP BY 1`,
    db.$queryRaw<Record<string, unknown>[]>`
      SELECT max(c.name) AS name, count(*) AS total, count(*) FILTER (WHERE c.status = 'FAIL') AS ai_fails,
             count(r.transcription_id) AS reviewed_rows,
             count(*) FILTER (WHERE r.transcription_id IS NOT NULL AND
               CASE WHEN o.value IS NULL THEN c.status = 'FAIL' WHEN c.type = 'scale' THEN (o.value - 1) / 4 < 0.5 ELSE o.value < 0.5 END) AS reviewed_fails,
             count(o.value) FILTER (WHERE (CASE WHEN c.type = 'scale' THEN (o.value - 1) / 4 < 0.5 ELSE o.value < 0.5 END) <> (c.status = 'FAIL')) AS overrules
      FROM hub_criterion_results c
      LEFT JOIN hub_reviews r ON r.transcription_id = c.transcription_id
      LEFT JOIN hub_review_overrides o ON o.transcription_id = c.transcription_id AND o.criterion_id = c.criterion_id
      WHERE ${criteriaWhere} GROUP BY c.criterion_id ORDER BY 3 DESC LIMIT 50`,
    db.$queryRaw<Record<string, unknown>[]>`
      SELECT coalesce(max(t.participant_tag), 'No participant') AS label, count(*) AS calls, avg(t.score) AS avg_score, count(*) FILTER (WHERE t.critical_fail) AS critical_fails
      FROM hub_transcriptions t WHERE ${where} GROUP BY t.participant_id ORDER BY count(*) DESC LIMIT 50`,
    db.$queryRaw<Record<string, unknown>[]>`
      SELECT t.evaluator_id::text AS id, coalesce(max(t.evaluator_tag), 'No evaluator') AS label, count(*) AS calls, avg(t.score) AS avg_score, count(*) FILTER (WHERE t.critical_fail) AS critical_fails
      FROM hub_transcriptions t WHERE ${where} GROUP BY t.evaluator_id ORDER BY count(*) DESC LIMIT 50`,
    db.$queryRaw<{ dow: number; hour: number; calls: bigint }[]>`
      SELECT extract(isodow FROM t.recorded_at AT TIME ZONE 'UTC')::int AS dow, extract(hour FROM t.recorded_at AT TIME ZONE 'UTC')::int AS hour, count(*) AS calls
      FROM hub_transcriptions t WHERE ${where} GROUP BY 1, 2`,
    db.hubReportRun.findMany({
      where: { status: 'succeeded' },
      orderBy: { finishedAt: 'desc' },
      take: 5,
      include: { snapshot: { select: { exportTarget: true } } },
    }),
    db.hubTranscription.count({
      where: {
        status: 'FAILED',
        deletedAt: null,
        recordedAt: { gte: start, lte: end },
        ...(filters.evaluator ? { evaluatorId: filters.evaluator } : {}),
      },
    }),
  ]);
  const k = kpis[0] ?? {};
  const histogram = Array.from({ length: 10 }, () => 0);
  for (const b of distribution) histogram[Math.max(0, Math.min(9, b.bucket))] = Number(b.calls);
  const heatmap = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const cell of heat) heatmap[cell.dow - 1][cell.hour] = Number(cell.calls);
  return {
    range: { from, to },
    kpis: {
      calls: Number(k.calls ?? 0),
      avgScore: n(k.avg_score),
      passRate: n(k.pass_rate),
      criticalFails: Number(k.critical_fails ?? 0),
      pendingReviews: Number(k.pending ?? 0),
      reviewed: Number(k.reviewed ?? 0),
      overrides: Number(k.overrides ?? 0),
      failed,
    },
    timeline: timeline.map((t) => ({ day: dayString(t.day), calls: Number(t.calls), avgScore: n(t.avg_score) })),
    distribution: histogram,
    criteria: criteria.map((c) => {
      const reviewedRows = Number(c.reviewed_rows ?? 0);
      const overrules = Number(c.overrules ?? 0);
      return {
        name: String(c.name),
        total: Number(c.total ?? 0),
        aiFails: Number(c.ai_fails ?? 0),
        reviewedFails: Number(c.reviewed_fails ?? 0),
        reviewedRows,
        agreements: reviewedRows - overrules,
        overrules,
      };
    }),
    participants: participants.map((p) => ({
      label: String(p.label),
      calls: Number(p.calls),
      avgScore: n(p.avg_score),
      criticalFails: Number(p.critical_fails),
    })),
    evaluators: evaluators.map((e) => ({
      id: (e.id as string | null) ?? null,
      label: String(e.label),
      calls: Number(e.calls),
      avgScore: n(e.avg_score),
      criticalFails: Number(e.critical_fails),
    })),
    heatmap,
    reports: reports.map((r) => ({
      kind: r.kind,
      subject: r.subjectTag,
      period: r.period,
      finishedAt: r.finishedAt,
      exportTarget: r.snapshot?.exportTarget ?? null,
    })),
  };
}
