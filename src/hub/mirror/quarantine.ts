/**
 * Upstream items the hub could not read, kept with their reasons and raw value (docs/mirror.md,
 * "Quarantine"): a list row or a get-transcription answer that breaks what the API description
 * promises. Everything else goes on; reconciliation tries each one again at its next run, and a
 * later read that succeeds resolves it.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db.js';
import { Prisma } from '../../generated/prisma/client.js';
import type { AnswerIssue, RejectedItem } from '../client/index.js';
import type { HubRedactionSettings } from '../redaction/hub-redaction-settings.js';
import { maskJson } from '../redaction/mask-text.js';

export interface QuarantineEntry {
  operation: string;
  itemKey: string;
  reason: string;
  issues: readonly AnswerIssue[];
  raw: unknown;
}

/** The item's key: its transcription id when readable, else a hash of the row as it came. */
export function quarantineKey(id: string | null, raw: unknown): string {
  return (
    id ??
    `row-${createHash('sha256')
      .update(JSON.stringify(raw ?? null))
      .digest('hex')
      .slice(0, 32)}`
  );
}

/**
 * A list row that broke the API description, kept masked with the hub's policies like a
 * quarantined get-transcription answer (docs/redaction.md, "The hub"); its key is read from the
 * row as it came, so the same row keeps its key whatever the policies.
 */
export const entryOfRejectedRow = (operation: string, row: RejectedItem, redaction: HubRedactionSettings): QuarantineEntry => ({
  operation,
  itemKey: quarantineKey(row.id, row.raw),
  reason:
    row.issues
      .slice(0, 3)
      .map((i) => `${i.path}: ${i.message}`)
      .join('; ') || 'unreadable row',
  issues: row.issues,
  raw: maskJson(row.raw, redaction),
});

const rawJson = (raw: unknown) =>
  raw === undefined || raw === null ? Prisma.DbNull : (JSON.parse(JSON.stringify(raw)) as Prisma.InputJsonValue);

/** Records (or refreshes) quarantined items; one seen again counts up and is open again. */
export async function quarantineItems(db: Db, entries: readonly QuarantineEntry[], now: Date): Promise<void> {
  for (const entry of entries) {
    const data = {
      reason: entry.reason.slice(0, 2000),
      issues: entry.issues.slice(0, 50) as unknown as Prisma.InputJsonValue,
      raw: rawJson(entry.raw),
    };
    await db.hubQuarantinedItem.upsert({
      where: { operation_itemKey: { operation: entry.operation, itemKey: entry.itemKey } },
      create: { operation: entry.operation, itemKey: entry.itemKey, ...data, firstSeenAt: now, lastSeenAt: now },
      update: { ...data, lastSeenAt: now, timesSeen: { increment: 1 }, resolvedAt: null },
    });
  }
}

/** Marks items read successfully since they were quarantined. */
export async function resolveQuarantined(db: Db, operation: string, itemKeys: readonly string[], now: Date): Promise<number> {
  if (!itemKeys.length) return 0;
  const { count } = await db.hubQuarantinedItem.updateMany({
    where: { operation, itemKey: { in: [...itemKeys] }, resolvedAt: null },
    data: { resolvedAt: now },
  });
  return count;
}

/** Resolves every open item of an operation but `stillBroken`: a whole list read without them. */
export async function resolveQuarantinedExcept(db: Db, operation: string, stillBroken: readonly string[], now: Date): Promise<number> {
  const { count } = await db.hubQuarantinedItem.updateMany({
    where: { operation, resolvedAt: null, itemKey: { notIn: [...stillBroken] } },
    data: { resolvedAt: now },
  });
  return count;
}

/** Open quarantined items of an operation (their keys), for a reconciliation to try again. */
export async function openQuarantineKeys(db: Db, operation: string): Promise<string[]> {
  const rows = await db.hubQuarantinedItem.findMany({ where: { operation, resolvedAt: null }, select: { itemKey: true } });
  return rows.map((r) => r.itemKey);
}

/** Quarantined items, open ones first, newest first (admin API and console). */
export function listQuarantined(db: Db, options: { includeResolved?: boolean; limit?: number } = {}) {
  return db.hubQuarantinedItem.findMany({
    where: options.includeResolved ? {} : { resolvedAt: null },
    orderBy: [{ lastSeenAt: 'desc' }, { id: 'desc' }],
    take: options.limit ?? 100,
  });
}

export const countOpenQuarantined = (db: Db) => db.hubQuarantinedItem.count({ where: { resolvedAt: null } });
