import { redactText } from '../../lib/redaction/index.js';
import type { TranscriptRedaction } from '../configurations/configuration-redaction.js';

/**
 * What a failure log line carries about the error. With redaction on, an engine's error may
 * quote the transcript (a language engine echoing its input), so the message and stack, and each
 * cause's, are masked before they reach the log; without it, the error as it is.
 */
export function describeFailureForLog(error: unknown, redaction: TranscriptRedaction | null): unknown {
  if (!redaction) return error;
  const options = { policies: redaction.policies, substitution: redaction.substitution };
  const mask = (text: string | undefined) => (text === undefined ? undefined : redactText(text, options).text);
  const describe = (value: unknown, depth: number): unknown => {
    if (!(value instanceof Error)) return typeof value === 'string' ? mask(value) : undefined;
    return {
      type: value.name,
      message: mask(value.message),
      stack: mask(value.stack),
      ...(value.cause !== undefined && depth < 5 ? { cause: describe(value.cause, depth + 1) } : {}),
    };
  };
  return describe(error, 0);
}

/**
 * The error an attempt that will be retried throws: the worker logs it and the queue keeps its
 * message as the job's failed reason, so with redaction on it is a stand-in of the same name
 * whose message, stack and causes are masked; without it, the error as it is.
 */
export function errorForRetry(error: unknown, redaction: TranscriptRedaction | null): unknown {
  if (!redaction || !(error instanceof Error)) return error;
  const options = { policies: redaction.policies, substitution: redaction.substitution };
  const mask = (text: string) => redactText(text, options).text;
  const standIn = (value: Error, depth: number): Error => {
    const cause = value.cause instanceof Error && depth < 5 ? standIn(value.cause, depth + 1) : undefined;
    const masked = new Error(mask(value.message), cause ? { cause } : undefined);
    masked.name = value.name;
    masked.stack = value.stack === undefined ? undefined : mask(value.stack);
    return masked;
  };
  return standIn(error, 0);
}
