/**
 * Cue phrases matched by sound (heard-phrase-match.ts): a set phrase misheard as words of like
 * sound still matches; other speech and short cues do not.
 */
import { describe, expect, it } from 'vitest';
import { judgeCriteria } from '../../src/engine/local/criterion-judge.js';
import { findAnyPhraseBySound, soundKey } from '../../src/engine/local/heard-phrase-match.js';
import { normaliseWords } from '../../src/engine/local/phrase-match.js';

const heard = (text: string, patterns: string[]) => findAnyPhraseBySound(normaliseWords(text), patterns);

describe('phrases matched by sound', () => {
  it('keys words by their consonant classes and vowel runs', () => {
    expect(soundKey('phone')).toBe(soundKey('fone'));
    expect(soundKey('bad')).toBe(soundKey('pat'));
    expect(soundKey('there')).toBe(soundKey('their'));
    expect(soundKey('birth')).toBe(soundKey('bith'));
  });

  it('finds a long set phrase misheard as other words of like sound', () => {
    const match = heard('okay and is their any think ells i can help with today', ['is there anything else i can help you with']);
    expect(match).not.toBeNull();
  });

  it('does not match other speech, nor a short cue however close', () => {
    expect(heard('your engineer will arrive on monday between eight and one', ['is there anything else i can help you with'])).toBeNull();
    expect(heard('good guy', ['goodbye'])).toBeNull();
    expect(heard('anything', ['is there * else'])).toBeNull();
  });

  it('lets a closing misheard on a telephone line pass, but not a call that never closes', () => {
    const criteria = [
      { id: 'c', name: 'Closing', description: 'The agent asks if there is anything else and closes politely.', type: 'boolean' as const },
    ];
    const call = (closing: string) => ({
      language: 'en',
      segments: [
        { speaker: 'A', start: 0, end: 3, text: 'thank you for calling acme my name is sam how can i help' },
        { speaker: 'B', start: 4, end: 7, text: 'my parcel never came' },
        { speaker: 'A', start: 8, end: 11, text: 'i have sent a new one it will arrive tomorrow' },
        { speaker: 'B', start: 12, end: 13, text: 'great thanks' },
        { speaker: 'A', start: 14, end: 17, text: closing },
      ],
    });
    const [misheard] = judgeCriteria(call('is their any think ells i can help you with have a good day'), { context: 'acme', criteria });
    expect(misheard?.scoreRawAi).toBe(1);
    const [none] = judgeCriteria(call('your tracking number is in the email we sent you'), { context: 'acme', criteria });
    expect(none?.scoreRawAi).toBe(0);
  });

  it('finds a misheard security question, never an account number alone', () => {
    const criteria = [
      {
        id: 'v',
        name: 'Identity verification',
        description: 'The agent verifies the caller with their security question.',
        type: 'strict' as const,
      },
    ];
    const call = (ask: string) => ({
      language: 'en',
      segments: [
        { speaker: 'A', start: 0, end: 3, text: 'thank you for calling acme my name is sam how can i help' },
        { speaker: 'B', start: 4, end: 7, text: 'my bill is wrong' },
        { speaker: 'A', start: 8, end: 11, text: ask },
        { speaker: 'B', start: 12, end: 13, text: 'it is four four one and the answer is rover' },
      ],
    });
    expect(
      judgeCriteria(call('can you give me the answer to your securities question'), { context: 'acme', criteria })[0]?.scoreRawAi,
    ).toBe(1);
    expect(judgeCriteria(call('can you give me your account number please'), { context: 'acme', criteria })[0]?.scoreRawAi).toBe(0);
  });
});
