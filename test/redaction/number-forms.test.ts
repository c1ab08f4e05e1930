/**
 * Forms of card numbers, codes and bank details beyond the labelled sets' (docs/redaction.md,
 * "How spoken numbers are read", "Precision rules"), each beside the ordinary numbers it must leave.
 */
import { describe, expect, it } from 'vitest';
import { redactFieldValue, redactText } from '../../src/lib/redaction/index.js';

const hub = {
  policies: ['credit_card_number', 'credit_card_cvv', 'credit_card_expiration', 'us_social_security_number', 'banking_information'],
  substitution: 'entity_name' as const,
};
const masked = (text: string) => redactText(text, hub).text;

describe('a number broken by punctuation', () => {
  it('reads a spoken card number broken by full stops, ellipses or a punctuated hesitation as one number', () => {
    expect(masked('Four five three nine. One four eight eight. Zero three four three. Six four six seven.')).toBe('[CREDIT_CARD_NUMBER].');
    expect(masked('four two four two... four two four two... four two four two... four two four two')).toBe('[CREDIT_CARD_NUMBER]');
    expect(masked('four two four two … four two four two … four two four two … four two four two')).toBe('[CREDIT_CARD_NUMBER]');
    expect(masked('four one one one, uh, one one one one, um, one one one one, one one one one')).toBe('[CREDIT_CARD_NUMBER]');
    expect(masked('Four five three nine. Uh. One four eight eight. Zero three four three. Six four six seven.')).toBe(
      '[CREDIT_CARD_NUMBER].',
    );
  });

  it('reads a written card number grouped with dots or en and em dashes', () => {
    expect(masked('my card number is 4111.1111.1111.1111')).toBe('my card number is [CREDIT_CARD_NUMBER]');
    expect(masked('4111–1111–1111–1111')).toBe('[CREDIT_CARD_NUMBER]');
    expect(masked('4111—1111—1111—1111 thanks')).toBe('[CREDIT_CARD_NUMBER] thanks');
  });

  it('still masks the number before a full stop when the next sentence starts with another number', () => {
    expect(masked('the cvv is 737. 2 of us are on the call')).toBe('the cvv is [CREDIT_CARD_CVV]. 2 of us are on the call');
    expect(masked('Card 4111 1111 1111 1111. 737 on the back.')).toBe('Card [CREDIT_CARD_NUMBER]. [CREDIT_CARD_CVV] on the back.');
    expect(masked('the account number is 12345678. 3 to 5 working days')).toBe(
      'the account number is [BANKING_INFORMATION]. 3 to 5 working days',
    );
  });

  it('leaves amounts, decimals and version numbers alone', () => {
    for (const text of [
      'That comes to $45.99.',
      'it was 45.99 pounds',
      'the balance on the account is 1234.56',
      'that was 12.50. 1234 is my pin',
      'the app is on version 4.2.1',
      'we open at 9.30. 10 people are waiting',
      'It takes 3 to 5 working days.',
    ])
      expect(masked(text)).toBe(text);
  });
});

describe('a card cue beside an order, booking or case cue', () => {
  it('masks a Luhn-valid card number after a card word even when an order, booking or case word is nearer', () => {
    expect(masked('my card number for the booking is 4111 1111 1111 1111')).toBe('my card number for the booking is [CREDIT_CARD_NUMBER]');
    expect(masked('case 123: customer read their card 4539 1488 0343 6467')).toBe(
      'case 123: customer read their card [CREDIT_CARD_NUMBER]',
    );
    expect(masked('The customer gave the card and the agent confirmed the order with 4539 1488 0343 6467.')).toBe(
      'The customer gave the card and the agent confirmed the order with [CREDIT_CARD_NUMBER].',
    );
  });

  it('leaves an order or booking number alone without a card word, even when it passes Luhn', () => {
    for (const text of ['Your order number is 4532 0151 1283 0366.', 'the booking reference is 4111 1111 1111 1111', 'ticket 1234 is open'])
      expect(masked(text)).toBe(text);
  });
});

describe('a card number misheard by a digit', () => {
  it('masks 13-19 digits that fail Luhn after a card word (15 of the 16 digits are still the card)', () => {
    expect(masked('card number 4539 1488 0343 6468')).toBe('card number [CREDIT_CARD_NUMBER]');
    expect(masked('my card number is four one one one one one one one one one one one one one one two')).toBe(
      'my card number is [CREDIT_CARD_NUMBER]',
    );
    expect(masked('card number four five three nine. one four eight eight. zero three four three. six four six eight.')).toBe(
      'card number [CREDIT_CARD_NUMBER].',
    );
    expect(redactFieldValue('card_number', '4539 1488 0343 646', hub)).toBe('[CREDIT_CARD_NUMBER]');
  });

  it('still splits a card read straight into its code, and leaves a misheard number without a card word', () => {
    expect(masked('card 4111 1111 1111 1111 737')).toBe('card [CREDIT_CARD_NUMBER] [CREDIT_CARD_CVV]');
    for (const text of ['the reference is 4539 1488 0343 6468', 'order number 4539 1488 0343 6468 on the card', 'card ending 1111'])
      expect(masked(text)).toBe(text);
  });
});

describe('cue words as people write and say them', () => {
  it('reads cv2, cvc2, cvv2, security number, sortcode, sort-code and valid to as cues', () => {
    expect(masked('cv2 739')).toBe('cv2 [CREDIT_CARD_CVV]');
    expect(masked('the cvc2 is 739')).toBe('the cvc2 is [CREDIT_CARD_CVV]');
    expect(masked('cvv2 737')).toBe('cvv2 [CREDIT_CARD_CVV]');
    expect(masked('the security number is seven three nine')).toBe('the security number is [CREDIT_CARD_CVV]');
    expect(masked('sortcode 123456 acc 12345678')).toBe('sortcode [BANKING_INFORMATION] acc [BANKING_INFORMATION]');
    expect(masked('sort-code 12-34-56')).toBe('sort-code [BANKING_INFORMATION]');
    expect(masked('valid to 09/28')).toBe('valid to [CREDIT_CARD_EXPIRATION]');
  });

  it('leaves numbers after look-alike words alone', () => {
    for (const text of ['the offer is valid to the end of the month', 'we sort code reviews by date 2024', 'room 212 is free'])
      expect(masked(text)).toBe(text);
  });
});
