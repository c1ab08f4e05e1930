import type { CriterionType } from '../../contract/evaluators.js';
import { scoreCriteria } from '../../contract/scoring-rule.js';
import type { CriterionJudgement } from '../../engine/engine-types.js';

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

/** Scores the engine's judgements with the shared rule (src/contract/scoring-rule.ts, docs/decisions.md "Scoring"). */
export function scoreEvaluation(criteria: CriterionForScoring[], judgements: CriterionJudgement[]): ScoredEvaluation {
  const byId = new Map(judgements.map((j) => [j.criterionId, j]));
  const scored = scoreCriteria(criteria.map((c) => ({ type: c.type, weight: c.weight, raw: byId.get(c.id)?.scoreRawAi ?? Number.NaN })));
  return {
    score: scored.score,
    criticalFail: scored.criticalFail,
    results: criteria.map((criterion, position) => {
      const judgement = byId.get(criterion.id);
      const value = scored.criteria[position];
      return {
        criterionId: criterion.id,
        position,
        name: criterion.name,
        type: criterion.type,
        maxWeight: criterion.weight,
        scoreRawAi: value.raw,
        scoreObtained: value.scoreObtained,
        status: value.status,
        reasoning: judgement?.reasoning ?? 'The engine gave no judgement for this criterion.',
        quote: judgement?.quote ?? '',
        feedback: judgement?.feedback ?? null,
      };
    }),
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
