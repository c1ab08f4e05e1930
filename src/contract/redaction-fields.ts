/**
 * The configuration's redaction extension fields (docs/redaction.md, "The built-in service"):
 * not part of the vendor's API description, so each is optional, absent from answers unless it
 * was set, and marked `x-convoqa-extension` in the OpenAPI document.
 */
import { z } from 'zod';
import { REDACTION_POLICIES } from '../lib/redaction/policies.js';

export const redactionSubstitutions = ['entity_name', 'hash'] as const;

const known = new Set<string>(REDACTION_POLICIES);

const extension = (description: string) => ({ description, 'x-convoqa-extension': true });

export const RedactPii = z
  .boolean()
  .meta(
    extension(
      'Extension: mask personal data in the transcript, summary, extraction fields and evaluation before they are stored. The evaluation is judged on the unmasked text.',
    ),
  );

export const RedactPiiPolicies = z
  .array(z.string())
  .max(REDACTION_POLICIES.length * 2, { error: `must have at most ${REDACTION_POLICIES.length * 2} policies` })
  .superRefine((names, ctx) => {
    for (const name of names) {
      if (!known.has(name)) {
        ctx.addIssue({ code: 'custom', message: `unknown redaction policy '${name}'; known policies: ${REDACTION_POLICIES.join(', ')}` });
      }
    }
  })
  .meta({
    ...extension(
      `Extension: which kinds of personal data redact_pii masks; absent: all of them. Known policies: ${REDACTION_POLICIES.join(', ')}.`,
    ),
    // Documented as the enum it is; validated above so an unknown name is refused with the list.
    override: { type: 'array', items: { type: 'string', enum: [...REDACTION_POLICIES] }, maxItems: REDACTION_POLICIES.length * 2 },
  });

export const RedactPiiSub = z
  .enum(redactionSubstitutions, { error: `expected one of ${redactionSubstitutions.join(', ')}` })
  .meta(
    extension('Extension: what a masked span becomes: entity_name (default) writes [CREDIT_CARD_NUMBER], hash writes one # per character.'),
  );

export const RedactPiiAudio = z.boolean().meta(extension('Extension: replace each masked span of a kept recording with a 1 kHz tone.'));

/** The four members as a request carries them, each optional. */
export const redactionFields = {
  redact_pii: RedactPii.optional(),
  redact_pii_policies: RedactPiiPolicies.optional(),
  redact_pii_sub: RedactPiiSub.optional(),
  redact_pii_audio: RedactPiiAudio.optional(),
};

/** The four members in an answer, read leniently: another deployment may know other policies. */
export const redactionAnswerFields = {
  redact_pii: RedactPii.optional(),
  redact_pii_policies: z
    .array(z.string())
    .optional()
    .meta(extension(RedactPiiPolicies.meta()?.description ?? '')),
  redact_pii_sub: z
    .string()
    .optional()
    .meta(RedactPiiSub.meta() ?? {}),
  redact_pii_audio: RedactPiiAudio.optional(),
};

/** What a configuration stores: only the members that were set. */
export const RedactionSetting = z.object(redactionFields);
export type RedactionSetting = z.output<typeof RedactionSetting>;
