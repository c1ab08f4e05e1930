/**
 * Runs the offline judge on labelled calls and compares with their labels: shared by the engine
 * bench (npm run bench:engine) and the regression tests (judge-regression.test.ts).
 */
import type { Transcript } from '../../src/engine/engine-types.js';
import { LocalLanguageEngine } from '../../src/engine/local/local-language-engine.js';
import { scoreEvaluation } from '../../src/service/processing/score-evaluation.js';
import type { EvaluatorSpec, FieldSpec, LabelledCall, Verdict } from './labelled-call.js';

export interface CallOutcome {
  call: LabelledCall;
  verdicts: Record<string, Verdict>;
  reasons: Record<string, string>;
  criticalFail: boolean;
  fields: Record<string, unknown>;
}

/** The script as a transcript, as a perfect recogniser with perfect speaker labels would give it. */
export function referenceTranscript(call: LabelledCall): Transcript {
  let clock = 0;
  return {
    language: 'en',
    segments: call.turns.map((turn) => {
      const start = clock;
      clock += 0.7 + turn.text.split(/\s+/).length / 2.5;
      return { speaker: turn.speaker, text: turn.text, start, end: clock - 0.7 };
    }),
  };
}

export async function judgeCall(
  call: LabelledCall,
  transcript: Transcript,
  evaluator: EvaluatorSpec,
  fields: FieldSpec[],
): Promise<CallOutcome> {
  const engine = new LocalLanguageEngine();
  const judgements = await engine.judgeCriteria(transcript, { context: evaluator.context, language: 'en', criteria: evaluator.criteria });
  const scored = scoreEvaluation(evaluator.criteria, judgements);
  const values = await engine.extractFields(transcript, fields, { recordedAt: new Date(call.recordedAt) });
  return {
    call,
    verdicts: Object.fromEntries(scored.results.map((r) => [r.criterionId, r.status])),
    reasons: Object.fromEntries(scored.results.map((r) => [r.criterionId, `${r.reasoning} | quote: ${r.quote.slice(0, 80)}`])),
    criticalFail: scored.criticalFail,
    fields: Object.fromEntries(fields.map((f, i) => [f.name, values[i] ?? null])),
  };
}

export interface SetFigures {
  verdictsRight: number;
  verdicts: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  falseCriticalOnCompliant: number;
  fieldsRight: number;
  fieldValues: number;
  wrongVerdicts: string[];
  wrongFields: string[];
}

export function scoreOutcomes(outcomes: CallOutcome[]): SetFigures {
  const figures: SetFigures = {
    verdictsRight: 0,
    verdicts: 0,
    truePositives: 0,
    falsePositives: 0,
    falseNegatives: 0,
    falseCriticalOnCompliant: 0,
    fieldsRight: 0,
    fieldValues: 0,
    wrongVerdicts: [],
    wrongFields: [],
  };
  for (const { call, verdicts, reasons, criticalFail, fields } of outcomes) {
    for (const [criterion, expected] of Object.entries(call.expected)) {
      figures.verdicts += 1;
      if (verdicts[criterion] === expected) figures.verdictsRight += 1;
      else figures.wrongVerdicts.push(`${call.id} ${criterion}: expected ${expected}, got ${verdicts[criterion]} (${reasons[criterion]})`);
    }
    if (criticalFail && call.criticalFail) figures.truePositives += 1;
    if (criticalFail && !call.criticalFail) figures.falsePositives += 1;
    if (!criticalFail && call.criticalFail) figures.falseNegatives += 1;
    if (criticalFail && !call.criticalFail && Object.values(call.expected).every((v) => v === 'PASS'))
      figures.falseCriticalOnCompliant += 1;
    for (const [name, expected] of Object.entries(call.fields)) {
      figures.fieldValues += 1;
      if (fields[name] === expected) figures.fieldsRight += 1;
      else figures.wrongFields.push(`${call.id} ${name}: expected ${String(expected)}, got ${String(fields[name])}`);
    }
  }
  return figures;
}

export const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
export const precisionOf = (f: SetFigures) => ratio(f.truePositives, f.truePositives + f.falsePositives);
export const recallOf = (f: SetFigures) => ratio(f.truePositives, f.truePositives + f.falseNegatives);
