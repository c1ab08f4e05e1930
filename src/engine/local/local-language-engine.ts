import type { CriterionJudgement, ExtractedValue, LanguageEngine, Transcript } from '../engine-types.js';
import { judgeCriteria } from './criterion-judge.js';
import { summarizeCall } from './call-summary/call-summary.js';
import { extractFieldValues } from './field-extraction.js';

/**
 * Offline language engine: a summary built from the facts it understood, rule-based fields, phrase-based criterion
 * judgements that quote the transcript. Deterministic; it reads English and does not translate,
 * so a summary's language is the conversation's.
 */
export class LocalLanguageEngine implements LanguageEngine {
  readonly name = 'local';

  summarize(transcript: Transcript, options: { instruction: string | null; language: string }) {
    return Promise.resolve({ text: summarizeCall(transcript, options.instruction), language: transcript.language });
  }

  extractFields(
    transcript: Transcript,
    fields: Parameters<LanguageEngine['extractFields']>[1],
    context: { recordedAt: Date },
  ): Promise<ExtractedValue[]> {
    return Promise.resolve(extractFieldValues(transcript, fields, context.recordedAt));
  }

  judgeCriteria(transcript: Transcript, evaluator: Parameters<LanguageEngine['judgeCriteria']>[1]): Promise<CriterionJudgement[]> {
    return Promise.resolve(judgeCriteria(transcript, evaluator));
  }
}
