import type { CriterionType } from '../../contract/evaluators.js';
import type { CriterionJudgement } from '../engines/engine-types.js';

export interface CriterionForScoring {
  id: string;
  name: string;
  type: CriterionType;
  weight: number;
}

export interface ScoredCriterion {
  criterionId: string;
  position: number;
  name: string;
  type: CriterionType;
  maxWeight: number;
  scoreRawAi: number;
  scoreObtained: number;
  status: 'PASS' | 'FAIL';
  reasoning: string;
  quote: string;
  feedback: string | null;
}

export interface ScoredEvaluation {
  score: number;
  criticalFail: boolean;
  results: ScoredCriterion[];
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The engine's raw score brought into the criterion's range (0/1, or 1..5 for scale). */
function clampRaw(type: CriterionType, raw: number): number {
  if (!Number.isFinite(raw)) return type === 'scale' ? 1 : 0;
  return type === 'scale' ? Math.min(5, Math.max(1, raw)) : raw >= 0.5 ? 1 : 0;
}

/**
 * docs/decisions.md, "Scoring": n is raw for boolean and strict, (raw − 1) / 4 for scale;
 * score_obtained = n × weight; PASS when n ≥ 0.5; score = 100 × Σ obtained / Σ weight over
 * weighted criteria, else 100 × mean(n) over non-strict criteria, else 100; a failed strict
 * criterion is a critical fail and does not change the score. Rounded to 2 decimals.
 */
export function scoreEvaluation(criteria: CriterionForScoring[], judgements: CriterionJudgement[]): ScoredEvaluation {
  const byId = new Map(judgements.map((j) => [j.criterionId, j]));
  const rows = criteria.map((criterion, position) => {
    const judgement = byId.get(criterion.id);
    const raw = clampRaw(criterion.type, judgement?.scoreRawAi ?? Number.NaN);
    const n = criterion.type === 'scale' ? (raw - 1) / 4 : raw;
    return {
      n,
      result: {
        criterionId: criterion.id,
        position,
        name: criterion.name,
        type: criterion.type,
        maxWeight: criterion.weight,
        scoreRawAi: raw,
        scoreObtained: round2(n * criterion.weight),
        status: n >= 0.5 ? ('PASS' as const) : ('FAIL' as const),
        reasoning: judgement?.reasoning ?? 'The engine gave no judgement for this criterion.',
        quote: judgement?.quote ?? '',
        feedback: judgement?.feedback ?? null,
      },
    };
  });
  const weighted = rows.filter((r) => r.result.maxWeight > 0);
  const totalWeight = weighted.reduce((sum, r) => sum + r.result.maxWeight, 0);
  let score: number;
  if (totalWeight > 0) {
    score = (100 * weighted.reduce((sum, r) => sum + r.n * r.result.maxWeight, 0)) / totalWeight;
  } else {
    const nonStrict = rows.filter((r) => r.result.type !== 'strict');
    score = nonStrict.length ? (100 * nonStrict.reduce((sum, r) => sum + r.n, 0)) / nonStrict.length : 100;
  }
  return {
    score: round2(score),
    criticalFail: rows.some((r) => r.result.type === 'strict' && r.result.status === 'FAIL'),
    results: rows.map((r) => r.result),
  };
}

/** The breakdown's summary_feedback (Markdown). */
export function buildSummaryFeedback(evaluation: ScoredEvaluation): string {
  const lines = [`**Score: ${evaluation.score}/100**${evaluation.criticalFail ? ' — **critical fail**' : ''}`, ''];
  for (const r of evaluation.results) {
    lines.push(`- ${r.status === 'PASS' ? '✅' : '❌'} **${r.name}** (${r.type}): ${r.reasoning}`);
  }
  const advice = evaluation.results.filter((r) => r.feedback).map((r) => `- ${r.feedback}`);
  if (advice.length) lines.push('', '**To improve**', ...advice);
  return lines.join('\n');
}
