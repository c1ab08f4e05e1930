/** Every kind of personal data the redactor can find, in the order they are checked. */
export const REDACTION_POLICIES = [
  'credit_card_number',
  'credit_card_cvv',
  'credit_card_expiration',
  'us_social_security_number',
  'banking_information',
  'phone_number',
  'email_address',
  'date_of_birth',
  'postal_code',
  'person_name',
  'location',
] as const;

export type RedactionPolicy = (typeof REDACTION_POLICIES)[number];

export interface RedactedSpan {
  policy: RedactionPolicy;
  /** Offsets into the original text, end exclusive. */
  start: number;
  end: number;
}

export function entityLabel(policy: RedactionPolicy): string {
  return `[${policy.toUpperCase()}]`;
}
