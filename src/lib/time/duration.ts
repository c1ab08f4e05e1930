import { z } from 'zod';

const unitMs = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration written `<whole number><s|m|h|d>` (`90m`, `24h`, `7d`), as milliseconds. */
export const Duration = z
  .string()
  .regex(/^\d{1,6}[smhd]$/, { error: 'expected a duration like 30m, 24h or 7d' })
  .transform((text) => Number(text.slice(0, -1)) * unitMs[text.slice(-1) as keyof typeof unitMs]);
