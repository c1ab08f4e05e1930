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
