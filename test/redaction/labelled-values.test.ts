/**
 * A value read under a name (an extraction field, a summary member, an exported column): the name
 * may add a finding, never remove one (docs/redaction.md, "Precision rules").
 */
import { describe, expect, it } from 'vitest';
import { redactFieldValue } from '../../src/lib/redaction/index.js';

const hub = {
  policies: ['credit_card_number', 'credit_card_cvv', 'credit_card_expiration', 'us_social_security_number', 'banking_information'],
  substitution: 'entity_name' as const,
};

describe('a value read after its name', () => {
  it('keeps what the value alone shows when the name reads as an order, claim, case, booking or policy', () => {
    expect(redactFieldValue('claim_summary', 'Paid the excess with 4539 1488 0343 6467 on the call', hub)).toBe(
      'Paid the excess with [CREDIT_CARD_NUMBER] on the call',
    );
    expect(redactFieldValue('booking_notes', 'Deposit taken on 4539 1488 0343 6467', hub)).toBe('Deposit taken on [CREDIT_CARD_NUMBER]');
    expect(redactFieldValue('case_notes', 'caller read 4539 1488 0343 6467 aloud', hub)).toBe('caller read [CREDIT_CARD_NUMBER] aloud');
    expect(redactFieldValue('policy_holder_payment', '4539148803436467', hub)).toBe('[CREDIT_CARD_NUMBER]');
    expect(redactFieldValue('case_summary', 'Customer paid with 4539 1488 0343 6467 and cvv 739.', hub)).toBe(
      'Customer paid with [CREDIT_CARD_NUMBER] and cvv [CREDIT_CARD_CVV].',
    );
  });

  it('still finds what only the name gives a meaning to, and leaves an order number alone', () => {
    expect(redactFieldValue('security_code', '739', hub)).toBe('[CREDIT_CARD_CVV]');
    expect(redactFieldValue('order_number', '12345678', hub)).toBe('12345678');
    expect(redactFieldValue('booking_reference', 4411, hub)).toBe(4411);
  });
});
