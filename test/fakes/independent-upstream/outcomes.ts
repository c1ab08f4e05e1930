/**
 * What processing a submission ends in. The test decides, per submission: by the recording URL's
 * file name, or by an `outcomeFor` function given to the fake.
 *
 * File names: `fail.wav` → FAILED with `details.error: {code: "DOWNLOAD"}`; `fail-reason.wav` →
 * FAILED with `details.failure_reason`; `critical.wav` → COMPLETED, every strict criterion FAIL
 * (critical fail); `low.wav` → COMPLETED, every non-strict criterion FAIL; anything else →
 * COMPLETED, every criterion PASS.
 */
import type { ConfigurationRecord, EvaluationRecord, EvaluatorRecord, FailureShape, ResultRecord, TranscriptionRecord } from './state.js';

export type Outcome =
  | {
      status: 'COMPLETED';
      /** Names of the criteria that FAIL; the others PASS. */
      failing?: readonly string[];
      /** Seconds (default 60 plus a little per submission). */
      duration?: number;
    }
  | { status: 'FAILED'; shape?: FailureShape; code?: string };

export function outcomeOfUrl(url: string, evaluator: EvaluatorRecord | null): Outcome {
  const file = new URL(url).pathname.split('/').pop() ?? '';
  if (file.startsWith('fail-reason.')) return { status: 'FAILED', shape: 'failure-reason', code: 'UNREADABLE' };
  if (file.startsWith('fail.')) return { status: 'FAILED', shape: 'error-code', code: 'DOWNLOAD' };
  const criteria = evaluator?.criteria ?? [];
  if (file.startsWith('critical.')) return { status: 'COMPLETED', failing: criteria.filter((c) => c.type === 'strict').map((c) => c.name) };
  if (file.startsWith('low.')) return { status: 'COMPLETED', failing: criteria.filter((c) => c.type !== 'strict').map((c) => c.name) };
  return { status: 'COMPLETED', failing: [] };
}

const segments = [
  { speaker: 'A', text: 'Thank you for calling, how can I help?' },
  { speaker: 'B', text: 'My order has not arrived yet.' },
  { speaker: 'A', text: 'Let me look that up for you right away.' },
];

/**
 * Scores like an independent implementer might: PASS earns the criterion's weight, FAIL nothing;
 * scale criteria answer 5 or 2. The score is the share of weight earned (100 when no weight);
 * a strict FAIL is a critical fail and leaves the score alone.
 */
export function evaluate(evaluator: EvaluatorRecord, failing: readonly string[], at: string): EvaluationRecord {
  const results: ResultRecord[] = evaluator.criteria.map((c) => {
    const isPass = !failing.includes(c.name);
    const raw = c.type === 'scale' ? (isPass ? 5 : 2) : isPass ? 1 : 0;
    return {
      criteria_id: c.id,
      name: c.name,
      type: c.type,
      max_weight: c.weight,
      score_raw_ai: raw,
      score_obtained: isPass ? c.weight : 0,
      status: isPass ? 'PASS' : 'FAIL',
      reasoning: isPass ? `${c.name}: done as asked.` : `${c.name}: not done.`,
      quote: segments[0].text,
      feedback: isPass ? null : `Work on ${c.name.toLowerCase()}.`,
    };
  });
  const weight = results.reduce((sum, r) => sum + r.max_weight, 0);
  const earned = results.reduce((sum, r) => sum + r.score_obtained, 0);
  const score = weight > 0 ? Math.round((10_000 * earned) / weight) / 100 : 100;
  return {
    score,
    critical_fail: results.some((r) => r.type === 'strict' && r.status === 'FAIL'),
    generated_at: at,
    summary_feedback: `**${results.filter((r) => r.status === 'PASS').length}/${results.length}** criteria met.`,
    results,
  };
}

/** Applies an outcome to an IN_PROGRESS transcription. */
export function finish(
  t: TranscriptionRecord,
  outcome: Outcome,
  context: { configuration: ConfigurationRecord; evaluator: EvaluatorRecord | null; at: string; ordinal: number },
): void {
  t.completed_at = context.at;
  if (outcome.status === 'FAILED') {
    t.status = 'FAILED';
    t.failure = { shape: outcome.shape ?? 'error-code', code: outcome.code ?? 'DOWNLOAD' };
    return;
  }
  t.status = 'COMPLETED';
  t.duration = outcome.duration ?? 60 + context.ordinal * 7.5;
  t.segments = segments;
  t.summary = context.configuration.summary ? 'The caller asked about a late order; the agent looked it up.' : null;
  t.fields = context.configuration.extraction_fields.length
    ? context.configuration.extraction_fields.map((f) => ({ name: f.name, value: f.type === 'number' ? 3 : 'late order' }))
    : null;
  t.evaluation = context.evaluator ? evaluate(context.evaluator, outcome.failing ?? [], context.at) : null;
}
