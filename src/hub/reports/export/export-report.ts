/**
 * Exports one snapshot (job hub.export-report): its raw_data as the report's table (or, for an
 * answer without raw_data, its members as they came: answer-tables.ts), and the
 * summary of every report pulled so far, through the configured exporter. Exports of one upstream
 * account run one at a time across processes (a transaction-scoped advisory lock), so two
 * concurrent exports cannot each write a summary that lacks the other's report.
 */
import type { HubContext } from '../../hub-context.js';
import type { ReportExporter } from './report-exporter.js';
import { buildAnswerTables, isPlainObject } from './answer-tables.js';
import { buildSummaryTable, type SummaryEntry } from './report-tables.js';
import { dayOf } from '../report-periods.js';
import { loadReviewColumns } from '../../review/review-columns.js';
import { maskReportTable } from './mask-report-table.js';

export type ExportOutcome = { kind: 'exported'; target: string; rows: number } | { kind: 'missing' };

const exportLockTimeoutMs = 10 * 60_000;

export async function exportReport(
  ctx: Pick<HubContext, 'db' | 'logger' | 'now' | 'settings'>,
  exporter: ReportExporter,
  snapshotId: string,
): Promise<ExportOutcome> {
  const snapshot = await ctx.db.hubReportSnapshot.findUnique({ where: { id: snapshotId }, include: { run: true } });
  if (!snapshot) return { kind: 'missing' };
  const { run } = snapshot;
  // The answer as it came (runs/read-report-answer.ts): raw_data rows, or its members flattened.
  const data = isPlainObject(snapshot.data) ? snapshot.data : { value: snapshot.data };
  const rawData = Array.isArray(data.raw_data) ? (data.raw_data as unknown[]) : [];
  const reviews = await loadReviewColumns(
    ctx.db,
    rawData.map((r) => (isPlainObject(r) && typeof r.id === 'string' ? r.id : '')),
  );
  const answer = buildAnswerTables(run, data, reviews);
  const table = maskReportTable(answer.report, ctx.settings.redaction);
  const members = answer.members.map((member) => maskReportTable(member, ctx.settings.redaction));

  try {
    const target = await ctx.db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`convoqa:hub-report-export:${run.scope}`}))::text`;
        const pulled = await tx.hubReportSnapshot.findMany({
          // Every report pulled, on schedule or on demand: a pull of a period still running keeps
          // its run skipped (the schedule pulls the whole period later) but is data all the same.
          where: { run: { scope: run.scope } },
          select: {
            kpis: true,
            rowCount: true,
            fetchedAt: true,
            run: { select: { kind: true, subjectId: true, subjectTag: true, period: true, periodStart: true, periodEnd: true } },
          },
        });
        const entries = pulled.map(
          (s): SummaryEntry => ({
            kind: s.run.kind,
            subjectId: s.run.subjectId,
            subjectTag: s.run.subjectTag,
            period: s.run.period,
            periodStart: dayOf(s.run.periodStart),
            periodEnd: dayOf(s.run.periodEnd),
            kpis: (s.kpis ?? {}) as Record<string, unknown>,
            rowCount: s.rowCount,
            fetchedAt: s.fetchedAt,
          }),
        );
        const written = await exporter.write(table, buildSummaryTable(entries), members);
        await tx.hubReportSnapshot.update({
          where: { id: snapshotId },
          data: { exportedAt: ctx.now(), exportTarget: written, exportError: null },
        });
        return written;
      },
      { maxWait: 10_000, timeout: exportLockTimeoutMs },
    );
    return { kind: 'exported', target, rows: table.rows.length };
  } catch (error) {
    await ctx.db.hubReportSnapshot.update({
      where: { id: snapshotId },
      data: { exportError: String((error as Error).message ?? error).slice(0, 1_000) },
    });
    throw error;
  }
}
