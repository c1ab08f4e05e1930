/** What the hub masks in every transcription it mirrors, whatever the upstream (HUB_REDACTION_*). */
import { z } from 'zod';
import { REDACTION_POLICIES, type RedactionPolicy } from '../../lib/redaction/index.js';

/** The payment and identity numbers: what no copy the hub keeps or sends may hold in the clear. */
export const defaultHubRedactionPolicies: readonly RedactionPolicy[] = [
  'credit_card_number',
  'credit_card_cvv',
  'credit_card_expiration',
  'us_social_security_number',
  'banking_information',
];

const known = new Set<string>(REDACTION_POLICIES);

export const HubRedactionSettings = z
  .object({
    /**
     * Comma-separated redaction policies the hub applies on ingest (docs/redaction.md, "The hub");
     * `none` turns it off. Default: the payment and identity numbers.
     */
    HUB_REDACTION_POLICIES: z
      .string()
      .trim()
      .default(defaultHubRedactionPolicies.join(','))
      .transform((text) =>
        text === 'none'
          ? []
          : [
              ...new Set(
                text
                  .split(',')
                  .map((name) => name.trim())
                  .filter(Boolean),
              ),
            ],
      )
      .superRefine((names, ctx) => {
        for (const name of names.filter((n) => !known.has(n))) {
          ctx.addIssue({
            code: 'custom',
            message: `unknown redaction policy '${name}'; known policies: ${REDACTION_POLICIES.join(', ')}, or none`,
          });
        }
      }),
    /** What a masked span becomes: entity_name ([CREDIT_CARD_NUMBER]) or hash (####). */
    HUB_REDACTION_SUBSTITUTION: z.enum(['entity_name', 'hash']).default('entity_name'),
  })
  .transform((env) => ({ policies: env.HUB_REDACTION_POLICIES as RedactionPolicy[], substitution: env.HUB_REDACTION_SUBSTITUTION }));
export type HubRedactionSettings = z.infer<typeof HubRedactionSettings>;
