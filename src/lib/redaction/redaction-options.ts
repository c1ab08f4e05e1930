import { z } from 'zod';
import { REDACTION_POLICIES, type RedactionPolicy } from './policies.js';

const known = new Set<string>(REDACTION_POLICIES);

export const RedactionOptions = z.object({
  policies: z.array(z.string()).superRefine((names, ctx) => {
    for (const name of names) {
      if (!known.has(name)) {
        ctx.addIssue({
          code: 'custom',
          message: `unknown redaction policy '${name}'; known policies: ${REDACTION_POLICIES.join(', ')}`,
        });
      }
    }
  }),
  /** entity_name writes [CREDIT_CARD_NUMBER]; hash writes one # per character masked. */
  substitution: z.enum(['entity_name', 'hash']),
});

export type RedactionOptions = { policies: RedactionPolicy[]; substitution: 'entity_name' | 'hash' };
