import type { Turn } from '../support/synthesize.js';

export type Verdict = 'PASS' | 'FAIL';

/** A scripted support call with what a careful QA reviewer would conclude about it. */
export interface LabelledCall {
  id: string;
  /** What the call tests, shown by the bench next to a wrong verdict. */
  about: string;
  /** Speaker label of the agent in the script (the customer is the other one). */
  agent: 'A' | 'B';
  recordedAt: string;
  turns: Turn[];
  /** Expected verdict per criterion id of the set's evaluator. */
  expected: Record<string, Verdict>;
  criticalFail: boolean;
  /** Expected extraction values by field name (null: the call does not say it). */
  fields: Record<string, string | number | boolean | null>;
}

export interface EvaluatorSpec {
  context: string;
  criteria: { id: string; name: string; description: string; type: 'boolean' | 'scale' | 'strict'; weight: number }[];
}

export interface FieldSpec {
  name: string;
  type: 'string' | 'number' | 'boolean' | 'date';
  description: string;
}
