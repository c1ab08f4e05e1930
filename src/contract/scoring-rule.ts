/**
 * The scoring rule of an evaluation (docs/decisions.md, "Scoring"), shared by the built-in
 * service, which scores the engine's judgements, and the hub's console, which scores a call again
 * from the human verdicts that override the AI's.
 *
 * n is raw for boolean and strict, (raw − 1) / 4 for scale; score_obtained = n × weight; PASS when
 * n ≥ 0.5; score = 100 × Σ obtained / Σ weight over weighted criteria, else 100 × mean(n) over
 * non-strict criteria, else 100; a failed strict criterion is a critical fail and does not change
 * the score. Rounded to 2 decimals.
 */
import type { CriterionType } from './evaluators.js';

export interface CriterionToScore {
  type: CriterionType;
  /** The criterion's weight (max_weight). */
  weight: number;
  /** The raw verdict: 0/1 for boolean and strict, 1..5 for scale (clamped). */
  raw: number;
}

export interface ScoredCriterionValue {
  raw: number;
  n: number;
  scoreObtained: number;
  status: 'PASS' | 'FAIL';
}

export interface ScoreOutcome {
  score: number;
  criticalFail: boolean;
  criteria: ScoredCriterionValue[];
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

/** A raw score brought into the criterion's range (0/1, or 1..5 for scale). */
export function clampRaw(type: CriterionType, raw: number): number {
  if (!Number.isFinite(raw)) return type === 'scale' ? 1 : 0;
  return type === 'scale' ? Math.min(5, Math.max(1, raw)) : raw >= 0.5 ? 1 : 0;
}

/** Scores a list of criteria with the rule above. */
export function scoreCriteria(criteria: readonly CriterionToScore[]): ScoreOutcome {
  const rows = criteria.map((c) => {
    const raw = clampRaw(c.type, c.raw);
    const n = c.type === 'scale' ? (raw - 1) / 4 : raw;
    return {
      type: c.type,
      weight: c.weight,
      value: { raw, n, scoreObtained: round2(n * c.weight), status: n >= 0.5 ? ('PASS' as const) : ('FAIL' as const) },
    };
  });
  const weighted = rows.filter((r) => r.weight > 0);
  const totalWeight = weighted.reduce((sum, r) => sum + r.weight, 0);
  let score: number;
  if (totalWeight > 0) {
    score = (100 * weighted.reduce((sum, r) => sum + r.value.n * r.weight, 0)) / totalWeight;
  } else {
    const nonStrict = rows.filter((r) => r.type !== 'strict');
    score = nonStrict.length ? (100 * nonStrict.reduce((sum, r) => sum + r.value.n, 0)) / nonStrict.length : 100;
  }
  return {
    score: round2(score),
    criticalFail: rows.some((r) => r.type === 'strict' && r.value.status === 'FAIL'),
    criteria: rows.map((r) => r.value),
  };
}
