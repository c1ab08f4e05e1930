/**
 * How many days after a call is mirrored its agent may dispute a verdict: kept in hub_settings
 * (one value every process reads), 7 unless an admin set another (docs/console.md, "Disputes").
 */
import { z } from 'zod';
import type { Db } from '../../../db.js';
import { AppError } from '../../../lib/errors/app-error.js';

const key = 'dispute_window_days';
export const defaultDisputeWindowDays = 7;
export const DisputeWindowDays = z
  .number({ error: 'dispute_window_days must be a whole number of days' })
  .int({ error: 'dispute_window_days must be a whole number of days' })
  .min(1, { error: 'dispute_window_days must be at least 1' })
  .max(365, { error: 'dispute_window_days must be at most 365' });

export async function readDisputeWindowDays(db: Pick<Db, 'hubSetting'>): Promise<number> {
  const row = await db.hubSetting.findUnique({ where: { key }, select: { value: true } });
  const parsed = DisputeWindowDays.safeParse(row ? Number(row.value) : defaultDisputeWindowDays);
  return parsed.success ? parsed.data : defaultDisputeWindowDays;
}

export async function writeDisputeWindowDays(db: Pick<Db, 'hubSetting'>, days: unknown): Promise<number> {
  const parsed = DisputeWindowDays.safeParse(days);
  if (!parsed.success) throw new AppError('invalid_value', parsed.error.issues[0]?.message ?? 'Invalid dispute window');
  await db.hubSetting.upsert({ where: { key }, create: { key, value: String(parsed.data) }, update: { value: String(parsed.data) } });
  return parsed.data;
}
