/**
 * hub_report_snapshots: a report-period's last pulled answer, one per run. A later pull of the same
 * report-period (on demand, or the scheduled one after an on-demand pull) replaces it, and its
 * export starts over.
 */
import type { Prisma } from '../../../generated/prisma/client.js';
import type { AnalyticsEndpoint } from '../quota/analytics-endpoints.js';

export interface PulledReport {
  endpoint: AnalyticsEndpoint;
  request: Record<string, string>;
  data: { kpis: unknown; raw_data: unknown[] };
  fetchedAt: Date;
}

export async function saveSnapshot(tx: Prisma.TransactionClient, runId: string, pulled: PulledReport): Promise<{ id: string }> {
  const fields = {
    endpoint: pulled.endpoint,
    request: pulled.request,
    data: pulled.data as unknown as Prisma.InputJsonValue,
    kpis: pulled.data.kpis as Prisma.InputJsonValue,
    rowCount: pulled.data.raw_data.length,
    fetchedAt: pulled.fetchedAt,
    exportTarget: null,
    exportedAt: null,
    exportError: null,
  };
  return tx.hubReportSnapshot.upsert({ where: { runId }, create: { runId, ...fields }, update: fields, select: { id: true } });
}
