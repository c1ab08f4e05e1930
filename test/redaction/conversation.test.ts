/**
 * A conversation read turn by turn and as a whole (docs/redaction.md, "Conversations"): a cue in
 * the agent's turn masks the caller's answer, a card read in groups between back-channel turns is
 * masked whole, and a quote that repeats a masked number is masked; ordinary numbers stay.
 */
import { describe, expect, it } from 'vitest';
import { maskEchoes, redactConversation } from '../../src/lib/redaction/index.js';
import { cardReadInGroups, leakedSecrets } from './payment-call.js';

const hub = {
  policies: ['credit_card_number', 'credit_card_cvv', 'credit_card_expiration', 'us_social_security_number', 'banking_information'],
  substitution: 'entity_name' as const,
};
const texts = (turns: string[]) => redactConversation(turns, hub).turns.map((t) => t.text);

describe('a conversation', () => {
  it("masks the caller's answer to the agent's question", () => {
    expect(
      texts([
        'And the expiry date?',
        'Oh eight twenty seven.',
        'And the last three digits on the back, the security code?',
        'Seven three nine.',
        'Which sort code should the refund go to?',
        'Twenty, oh oh, oh oh.',
        'And the account number?',
        'Five five seven seven nine nine one one.',
      ]),
    ).toEqual([
      'And the expiry date?',
      '[CREDIT_CARD_EXPIRATION].',
      'And the last three digits on the back, the security code?',
      '[CREDIT_CARD_CVV].',
      'Which sort code should the refund go to?',
      '[BANKING_INFORMATION].',
      'And the account number?',
      '[BANKING_INFORMATION].',
    ]);
  });

  it('masks a card read in groups between back-channel turns, every group', () => {
    const turns = [...cardReadInGroups, 'Thank you. And the security code?', 'seven three nine'];
    const masked = texts(turns);
    expect(leakedSecrets(masked.join('\n'), ['card', 'securityCode'])).toEqual([]);
    expect(masked).toEqual([
      'my card number is [CREDIT_CARD_NUMBER]',
      'mm-hm',
      '[CREDIT_CARD_NUMBER]',
      'yes',
      '[CREDIT_CARD_NUMBER]',
      'okay',
      '[CREDIT_CARD_NUMBER]',
      'Thank you. And the security code?',
      '[CREDIT_CARD_CVV]',
    ]);
  });

  it('leaves ticket numbers, times, amounts and delivery times alone', () => {
    const turns = [
      'Your ticket number is 1234.',
      'Okay.',
      'Can we call back at three thirty?',
      'Yes, three thirty is fine.',
      'The refund of £45.99 takes 3 to 5 working days.',
      'Great, and my order 5678?',
      'That shipped on the 12th, it should arrive in 2 days.',
    ];
    expect(texts(turns)).toEqual(turns);
  });

  it('masks a quote, reasoning or summary that repeats a masked number, and nothing else', () => {
    const { masked } = redactConversation(['And the security code?', 'Seven three nine.', 'My card is 4539 1488 0343 6467.'], hub);
    const echo = (text: string) => maskEchoes(text, masked, 'entity_name');
    expect(echo('Seven three nine.')).toBe('[CREDIT_CARD_CVV].');
    expect(echo('The caller read 739 and 1488 0343 aloud.')).toBe('The caller read [CREDIT_CARD_CVV] and [CREDIT_CARD_NUMBER] aloud.');
    for (const text of ['The refund takes 3 to 5 working days.', 'Ticket 1234 was raised at 10:30.', 'The total was £45.99.'])
      expect(echo(text)).toBe(text);
  });
});
