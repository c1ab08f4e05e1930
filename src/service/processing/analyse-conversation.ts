import type { Prisma } from '../../generated/prisma/client.js';
import type { Engines, ExtractionFieldSpec, Transcript } from '../../engine/engine-types.js';
import type { CompletedResult } from './record-outcome.js';
import { buildSummaryFeedback, scoreEvaluation, type CriterionForScoring } from './score-evaluation.js';

export interface AnalysisSettings {
  summary: { enabled: boolean; instruction: string | null; language: string } | null;
  extractionFields: ExtractionFieldSpec[];
  evaluator: { tag: string; context: string; language: string; criteria: (CriterionForScoring & { description: string })[] } | null;
  recordedAt: Date;
}

/** What the language engine derives from a transcript: summary, fields, evaluation (as configured). */
export async function analyseConversation(
  engines: Engines,
  transcript: Transcript,
  settings: AnalysisSettings,
): Promise<Pick<CompletedResult, 'summary' | 'fields' | 'evaluation'>> {
  const language = transcript.language;
  const summary = settings.summary?.enabled
    ? await engines.language.summarize(transcript, {
        instruction: settings.summary.instruction,
        language: settings.summary.language === 'df' ? language : settings.summary.language,
      })
    : null;

  let fields: Prisma.InputJsonValue | null = null;
  if (settings.extractionFields.length) {
    const values = await engines.language.extractFields(transcript, settings.extractionFields, { recordedAt: settings.recordedAt });
    fields = { fields: settings.extractionFields.map((f, i) => ({ name: f.name, value: values[i] ?? null })) };
  }

  let evaluation: CompletedResult['evaluation'] = null;
  if (settings.evaluator) {
    const evaluatorLanguage = settings.evaluator.language === 'df' ? language : settings.evaluator.language;
    const judgements = await engines.language.judgeCriteria(transcript, {
      context: settings.evaluator.context,
      language: evaluatorLanguage,
      criteria: settings.evaluator.criteria,
    });
    const scored = scoreEvaluation(settings.evaluator.criteria, judgements);
    evaluation = {
      score: scored.score,
      criticalFail: scored.criticalFail,
      evaluatorTag: settings.evaluator.tag,
      language: evaluatorLanguage,
      feedback: buildSummaryFeedback(scored),
      results: scored.results,
    };
  }
  return { summary, fields, evaluation };
}
