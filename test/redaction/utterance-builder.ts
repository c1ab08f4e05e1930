import type { RedactionPolicy } from '../../src/lib/redaction/index.js';

/**
 * Utterances as people say them and as recognisers write them, each with the substrings a careful
 * human would mask. `form`: spoken (numbers as words, punctuated), written (digits, symbols),
 * recogniser (lower case, no punctuation), negative (nothing to mask, or less than it looks).
 */
export interface LabelledUtterance {
  form: 'spoken' | 'written' | 'recogniser' | 'negative';
  text: string;
  /** `text` is the exact substring, first occurrence. */
  expected: Array<{ policy: RedactionPolicy; text: string }>;
}

/** The policies' short names the labelled sets are written with. */
export const cc = 'credit_card_number' as const;
export const cvv = 'credit_card_cvv' as const;
export const exp = 'credit_card_expiration' as const;
export const ssn = 'us_social_security_number' as const;
export const bank = 'banking_information' as const;
export const phone = 'phone_number' as const;
export const email = 'email_address' as const;
export const dob = 'date_of_birth' as const;
export const zip = 'postal_code' as const;
export const name = 'person_name' as const;
export const loc = 'location' as const;

/** One utterance: its form, its text, and each [policy, substring] a careful human would mask in it. */
export const said = (form: LabelledUtterance['form'], text: string, ...expected: [RedactionPolicy, string][]): LabelledUtterance => ({
  form,
  text,
  expected: expected.map(([policy, masked]) => ({ policy, text: masked })),
});
