import type { CriterionType } from '../../contract/evaluators.js';
import { scoreCriteria } from '../../contract/scoring-rule.js';

export interface CriterionRow {
  criterionId: string;
  type: string;
  maxWeight: number;
  scoreRawAi: number;
  status: string;
}

export interface EffectiveVerdict {
  criterionId: string;
  /** The raw value in force: the lead's when overridden, else the AI's. */
  raw: number;
  status: 'PASS' | 'FAIL';
  scoreObtained: number;
  isOverridden: boolean;
}

export interface EffectiveEvaluation {
  score: number | null;
  criticalFail: boolean | null;
  verdicts: EffectiveVerdict[];
}

const asCriterionType = (type: string): CriterionType => (type === 'scale' || type === 'strict' ? type : 'boolean');

/**
 * The call's score and critical-fail flag from the effective verdicts, with the service's own
 * scoring rule (src/contract/scoring-rule.ts). Without any override it is the AI's evaluation as
 * mirrored (the upstream's own numbers), so an unreviewed call never changes by being looked at.
 */
export function effectiveEvaluation(
  ai: { score: number | null; criticalFail: boolean | null },
  results: readonly CriterionRow[],
  overrides: ReadonlyMap<string, number>,
): EffectiveEvaluation {
  const scored = scoreCriteria(
    results.map((r) => ({ type: asCriterionType(r.type), weight: r.maxWeight, raw: overrides.get(r.criterionId) ?? r.scoreRawAi })),
  );
  const verdicts = results.map((r, i) => {
    const value = scored.criteria[i];
    const isOverridden = overrides.has(r.criterionId);
    return {
      criterionId: r.criterionId,
      raw: value?.raw ?? r.scoreRawAi,
      status: isOverridden ? (value?.status ?? 'FAIL') : r.status === 'PASS' ? ('PASS' as const) : ('FAIL' as const),
      scoreObtained: value?.scoreObtained ?? 0,
      isOverridden,
    };
  });
  const hasOverride = results.some((r) => overrides.has(r.criterionId));
  if (!hasOverride || results.length === 0) return { score: ai.score, criticalFail: ai.criticalFail, verdicts };
  return { score: scored.score, criticalFail: scored.criticalFail, verdicts };
}

/** A verdict as people read it: PASS/FAIL, or the scale value. */
export const formatVerdict = (type: string, raw: number): string => (type === 'scale' ? `${raw} / 5` : raw >= 0.5 ? 'PASS' : 'FAIL');
