import { z } from 'zod';
import { requestObject } from './request-object.js';
import { Id, Tag, Timestamp } from './common.js';

export const maxParticipantsPerAccount = 200;
export const metadataLimits = { keys: 10, keyLength: 50, valueLength: 250 } as const;

export const Participant = z.looseObject({
  participant_id: Id,
  tag: z.string(),
  metadata: z.record(z.string(), z.string()),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Participant = z.output<typeof Participant>;

/** Values of any type are stored as strings: objects and arrays as their JSON text. */
export function metadataValueToString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A flat map of at most 10 keys (names up to 50 characters) to strings of at most 250. */
export const MetadataInput = z.record(z.string(), z.unknown(), { error: 'expected an object of string values' }).transform((raw, ctx) => {
  const entries = Object.entries(raw);
  if (entries.length > metadataLimits.keys) {
    ctx.issues.push({
      code: 'custom',
      input: raw,
      message: `Maximum of ${metadataLimits.keys} metadata keys exceeded`,
      params: { code: 'limit_exceeded' },
    });
    return z.NEVER;
  }
  const metadata: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (key.length === 0 || key.length > metadataLimits.keyLength) {
      ctx.issues.push({
        code: 'custom',
        input: raw,
        path: [key],
        message: `key names must be 1 to ${metadataLimits.keyLength} characters`,
      });
      return z.NEVER;
    }
    const text = metadataValueToString(value);
    if (text.length > metadataLimits.valueLength) {
      ctx.issues.push({
        code: 'custom',
        input: raw,
        path: [key],
        message: `values must be at most ${metadataLimits.valueLength} characters`,
      });
      return z.NEVER;
    }
    metadata[key] = text;
  }
  return metadata;
});

export const CreateParticipantRequest = requestObject({
  tag: Tag,
  metadata: MetadataInput.default({}),
});
export type CreateParticipantRequest = z.input<typeof CreateParticipantRequest>;

export const ParticipantIdRequest = requestObject({ participant_id: Id });
export type ParticipantIdRequest = z.input<typeof ParticipantIdRequest>;

/** Omitted fields stay unchanged; metadata, when sent, replaces the whole object. */
export const UpdateParticipantRequest = requestObject({
  participant_id: Id,
  tag: Tag.optional(),
  metadata: MetadataInput.optional(),
});
export type UpdateParticipantRequest = z.input<typeof UpdateParticipantRequest>;

// ── responses (the `data` member) ──

export const ParticipantWithMessage = z.looseObject({ message: z.string(), participant: Participant });
export const GetParticipantResponse = z.looseObject({ participant: Participant });
export const ListParticipantsResponse = z.looseObject({ items: z.array(Participant), count: z.number().int() });
