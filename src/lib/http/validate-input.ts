import type { z } from 'zod';
import type { ErrorCode } from '../../contract/errors.js';
import { unknownFieldsPrefix } from '../../contract/request-object.js';
import { AppError } from '../errors/app-error.js';

type Path = readonly PropertyKey[];

/** `criteria[2].name`, `metadata.region`; long keys are cut so a message stays short. */
export function formatPath(path: Path): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else {
      const name = String(segment);
      text += `${text ? '.' : ''}${name.length > 60 ? `${name.slice(0, 57)}...` : name}`;
    }
  }
  return text || 'body';
}

function valueAt(input: unknown, path: Path): unknown {
  let current = input;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment];
  }
  return current;
}

/**
 * Reasons for zod's built-in checks, in the API's words. Passed as the per-parse error map, so a
 * message a schema sets itself (e.g. "must not be empty or whitespace only") takes precedence.
 */
function reasonFor(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected === 'int' ? 'an integer' : issue.expected}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map(String).join(', ')}`;
    case 'too_big':
      return issue.origin === 'array'
        ? `must have at most ${String(issue.maximum)} items`
        : `must be at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters' : ''}`;
    case 'too_small':
      return issue.origin === 'array'
        ? `must have at least ${String(issue.minimum)} items`
        : `must be at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters' : ''}`;
    case 'invalid_format':
      return `expected a valid ${issue.format}`;
    default:
      return undefined;
  }
}

interface IssueParams {
  code?: ErrorCode;
  verbatim?: boolean;
}

/**
 * Turns the first zod issue into the API's error: an absent required field is
 * "Missing required field: <field>"; a resource limit keeps its own message and code;
 * anything else is invalid_value naming the field ("Invalid tag: expected string").
 */
export function toValidationError(error: z.ZodError, input: unknown): AppError {
  // An unknown member is reported first: a misspelled required field would otherwise show as
  // "Missing required field" without the hint that names the misspelling.
  const unknownMembers = error.issues.find((candidate) => candidate.code === 'unrecognized_keys');
  if (unknownMembers) return unknownFieldsError(unknownMembers);
  const issue = error.issues[0];
  if (!issue) return new AppError('invalid_value', 'Invalid request');
  const field = formatPath(issue.path);
  const params: IssueParams = issue.code === 'custom' ? ((issue.params ?? {}) as IssueParams) : {};
  if (valueAt(input, issue.path) === undefined && issue.path.length > 0 && params.code !== 'limit_exceeded') {
    return new AppError('missing_field', `Missing required field: ${field}`);
  }
  if (params.code === 'limit_exceeded' || params.verbatim) {
    return new AppError(params.code ?? 'invalid_value', issue.message);
  }
  return new AppError('invalid_value', `Invalid ${field}: ${issue.message}`);
}

/**
 * `Unknown field "metdata"; did you mean "metadata"?` (the schema's message, contract/request-object.ts),
 * with the path of a nested object put before each member: `criteria[0].nmae`.
 */
function unknownFieldsError(issue: z.core.$ZodIssueUnrecognizedKeys): AppError {
  let message = issue.message.startsWith(unknownFieldsPrefix)
    ? issue.message
    : `${unknownFieldsPrefix}${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
  if (issue.path.length > 0) {
    for (const key of issue.keys) message = message.replace(`"${key}"`, `"${formatPath([...issue.path, key])}"`);
  }
  return new AppError('invalid_value', message);
}

/** Validates a request body: the body must be a JSON object, then it must match the schema. */
export function parseRequest<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const input = body === undefined ? {} : body;
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new AppError('invalid_value', 'Invalid body: expected a JSON object');
  }
  const result = schema.safeParse(input, { error: reasonFor });
  if (!result.success) throw toValidationError(result.error, input);
  return result.data;
}
