import type { z } from 'zod';
import type { Comparison } from '../../contract/analytics.js';
import type { PeriodCounts } from './count-period-figures.js';
import { percentOf, round2, roundOrNull } from './numbers.js';

type ComparisonMember = z.output<typeof Comparison>;

const figuresOf = (counts: PeriodCounts) => ({
  calls: counts.calls,
  avg_score: roundOrNull(counts.avgScore),
  pass_rate: percentOf(counts.passed, counts.calls),
});

/**
 * current_period, previous_period and delta = current − previous of the figures as shown
 * (rounded), so a client can check it; delta is {} when either period has no calls.
 */
export function buildComparison(counts: { current: PeriodCounts; previous: PeriodCounts }): ComparisonMember {
  const current = figuresOf(counts.current);
  const previous = figuresOf(counts.previous);
  const hasBoth = current.calls > 0 && previous.calls > 0;
  return {
    current_period: current,
    previous_period: previous,
    delta: hasBoth
      ? {
          calls: current.calls - previous.calls,
          avg_score: round2((current.avg_score ?? 0) - (previous.avg_score ?? 0)),
          pass_rate: round2((current.pass_rate ?? 0) - (previous.pass_rate ?? 0)),
        }
      : {},
  };
}

export const emptyComparison = (): ComparisonMember =>
  buildComparison({ current: { calls: 0, avgScore: null, passed: 0 }, previous: { calls: 0, avgScore: null, passed: 0 } });
