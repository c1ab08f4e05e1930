import { z } from 'zod';
import type { BenchmarkEntry } from '../../../review/calibration/calibration-benchmark.js';
import { FormInstant, listOf, optionalField, toFormInstant } from '../../console-form.js';

/** Call ids pasted one a line or separated by commas or spaces. */
export const pastedIds = (value: unknown): string[] =>
  listOf(value)
    .flatMap((v) => v.split(/[\s,;]+/))
    .filter((v) => v !== '');

/** The new-session form as the console sends it; createCalibrationSession checks the rest. */
export const NewSessionForm = z.object({
  title: z.string({ error: 'A title is required' }),
  calls: z.unknown().transform(pastedIds),
  reviewers: z.unknown().transform(listOf),
  deadline: optionalField(FormInstant),
});

/** A refused new-session form's fields, to show it again as sent (NUL characters left out: they cannot be shown). */
export function submittedSession(body: unknown): { title: string; callIds: string[]; checked: string[]; deadline: string } {
  const fields = (body ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value.replaceAll('\u0000', '') : '');
  const deadline = FormInstant.safeParse(fields.deadline);
  return {
    title: text(fields.title),
    callIds: pastedIds(fields.calls).map(text),
    checked: listOf(fields.reviewers),
    deadline: deadline.success ? toFormInstant(deadline.data) : '',
  };
}

/** A reviewer's verdicts on one call: every field but the token is criterion id → verdict. */
export const verdictFields = (body: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((body ?? {}) as Record<string, unknown>).filter(
      (e): e is [string, string] => e[0] !== '_csrf' && typeof e[1] === 'string',
    ),
  );

/** The benchmark form: fields `b:<call id>:<criterion id>`; an empty one is left as it is. */
export const benchmarkEntries = (body: unknown): BenchmarkEntry[] =>
  Object.entries((body ?? {}) as Record<string, unknown>).flatMap(([name, verdict]) => {
    const [prefix, transcriptionId, criterionId] = name.split(':');
    return prefix === 'b' && transcriptionId && criterionId && typeof verdict === 'string' && verdict !== ''
      ? [{ transcriptionId, criterionId, verdict }]
      : [];
  });
