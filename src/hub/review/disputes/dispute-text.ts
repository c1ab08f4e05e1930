import { z } from 'zod';

/** A dispute's reason or a resolution's note: required, one paragraph, at most 1,000 characters. */
export const DisputeText = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, { error: `${what} is required` })
    .max(1_000, { error: `${what} must be at most 1,000 characters` });

export const disputeOutcomes = ['accepted', 'partly_accepted', 'rejected'] as const;
export const DisputeOutcome = z.enum(disputeOutcomes, { error: `outcome must be one of ${disputeOutcomes.join(', ')}` });
export type DisputeOutcome = z.infer<typeof DisputeOutcome>;
export const disputeStatuses = ['open', ...disputeOutcomes] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

/** A stored verdict value as a verdict is entered: PASS/FAIL, or the scale's whole number. */
export const verdictInput = (type: string, value: number): string => (type === 'scale' ? String(value) : value >= 0.5 ? 'PASS' : 'FAIL');

/** Makes a free text fit an override's one-line reason (at most 300 characters). */
export const asOverrideReason = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= 300 ? line : `${line.slice(0, 299)}…`;
};
