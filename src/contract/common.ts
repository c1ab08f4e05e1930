/**
 * Building blocks of the wire contract. Response objects are loose (unknown keys kept) and
 * nullable members default to null when absent, so the client tolerates an upstream that adds
 * fields or omits optionals; the built-in service builds answers from the output types, in which
 * every member is present.
 */
import { z } from 'zod';
import ISO6391 from 'iso-639-1';
import { requestObject } from './request-object.js';

/** A UUID in its textual 8-4-4-4-12 form (any version: a real upstream may not use v4). */
export const Id = z.guid({ error: 'expected a UUID' });

/** ISO 8601 with a UTC offset, as every resource timestamp of the API. */
export const Timestamp = z.iso.datetime({ offset: true });

/** A nullable member: null on the wire, and null when an upstream leaves it out. */
export const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().default(null);

/** ISO 639-1 two-letter codes, plus "df" (follow the conversation). */
export const languageCodes: ReadonlySet<string> = new Set([...ISO6391.getAllCodes(), 'df']);
export const LanguageCode = z.string().refine((code) => languageCodes.has(code), { error: 'expected an ISO 639-1 two-letter code or df' });

/** Tags: trimmed, 1 to 100 characters (the spec's participant rule, used for every tag). */
export const maxTagLength = 100;
export const Tag = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty or whitespace only' })
  .max(maxTagLength, { error: `must be at most ${maxTagLength} characters` });

/**
 * A name stored by an admin surface (accounts, API keys): the tag rule (trimmed, 1 to `max`
 * characters) and one line of printable text, so no control character (C0, DEL, C1: tabs and
 * line breaks included) reaches the database, a log line or a terminal.
 */
export const Name = (max = maxTagLength) =>
  z
    .string({ error: 'expected string' })
    .trim()
    .min(1, { error: 'must not be empty or whitespace only' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine((text) => !/\p{Cc}/u.test(text), { error: 'must not contain control characters' });

/** A length cap for free text, so no single field can grow without bound. */
export const Text = (max: number) => z.string().max(max, { error: `must be at most ${max} characters` });

/**
 * An array with a resource limit of the spec: exceeding it is 400 limit_exceeded with `message`
 * verbatim (not the generic invalid_value), e.g. "Maximum of 10 criteria per evaluator exceeded".
 */
export const limitedArray = <T extends z.ZodType>(item: T, max: number, message: string) =>
  z.array(item).refine((items) => items.length <= max, { error: message, params: { code: 'limit_exceeded' } });

export const HttpUrl = z
  .url({ protocol: /^https?$/, error: 'expected an absolute http(s) URL' })
  .max(2048, { error: 'must be at most 2048 characters' });

/** `{"data": ...}`: every successful answer. */
export const envelope = <T extends z.ZodType>(data: T) => z.looseObject({ data });

export const MessageOnly = z.looseObject({ message: z.string() });
export type MessageOnly = z.output<typeof MessageOnly>;

/** An empty request body (operations without parameters accept `{}`). */
export const EmptyRequest = requestObject({});
