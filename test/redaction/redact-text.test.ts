import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { REDACTION_POLICIES, redactText } from '../../src/lib/redaction/index.js';
import { HELD_OUT_UTTERANCES } from './held-out-utterances.js';
import { LABELLED_UTTERANCES, type LabelledUtterance } from './labelled-utterances.js';
import { PRECISION_FLOOR, RECALL_FLOOR, scoreLabelledSet } from './score-labelled-set.js';

const all = [...REDACTION_POLICIES];

describe('redactText', () => {
  it('masks a written card, expiry and security code with entity names or hashes', () => {
    const text = 'Card: 4111 1111 1111 1111, expires 08/27, CVV 737.';
    const spans = [
      { policy: 'credit_card_number', start: 6, end: 25 },
      { policy: 'credit_card_expiration', start: 35, end: 40 },
      { policy: 'credit_card_cvv', start: 46, end: 49 },
    ];
    expect(redactText(text, { policies: all, substitution: 'entity_name' })).toEqual({
      text: 'Card: [CREDIT_CARD_NUMBER], expires [CREDIT_CARD_EXPIRATION], CVV [CREDIT_CARD_CVV].',
      spans,
    });
    expect(redactText(text, { policies: all, substitution: 'hash' })).toEqual({
      text: 'Card: ###################, expires #####, CVV ###.',
      spans,
    });
  });

  it('masks a spoken card number and the code read right after it, covering the spoken words', () => {
    const text =
      'my card number is four five three two zero one five one one two eight three zero three six six and the security code is one two three';
    const entity = redactText(text, { policies: all, substitution: 'entity_name' });
    expect(entity.text).toBe('my card number is [CREDIT_CARD_NUMBER] and the security code is [CREDIT_CARD_CVV]');
    expect(entity.spans.map((s) => text.slice(s.start, s.end))).toEqual([
      'four five three two zero one five one one two eight three zero three six six',
      'one two three',
    ]);
    const hash = redactText(text, { policies: all, substitution: 'hash' });
    expect(hash.text).toBe(`my card number is ${'#'.repeat(76)} and the security code is #############`);
  });

  it('masks a spoken email address and a name in recogniser form', () => {
    expect(redactText('my email is j dot smith at example dot com', { policies: all, substitution: 'entity_name' }).text).toBe(
      'my email is [EMAIL_ADDRESS]',
    );
    expect(redactText('hi this is sarah johnson from billing', { policies: all, substitution: 'hash' }).text).toBe(
      'hi this is ############# from billing',
    );
  });

  it('leaves an order number alone even when it passes Luhn', () => {
    const text = 'the order number is four five three two zero one five one one two eight three zero three six six';
    expect(redactText(text, { policies: all, substitution: 'entity_name' })).toEqual({ text, spans: [] });
  });

  it('masks only the policies asked for', () => {
    expect(
      redactText('Card: 4111 1111 1111 1111, expires 08/27, CVV 737.', { policies: ['credit_card_cvv'], substitution: 'entity_name' }),
    ).toEqual({
      text: 'Card: 4111 1111 1111 1111, expires 08/27, CVV [CREDIT_CARD_CVV].',
      spans: [{ policy: 'credit_card_cvv', start: 46, end: 49 }],
    });
  });

  it('refuses an unknown policy, naming it and listing the known ones', () => {
    let error: unknown;
    try {
      redactText('x', { policies: ['credit_card', 'phone_number'], substitution: 'hash' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues).toEqual([
      {
        code: 'custom',
        path: ['policies'],
        message:
          "unknown redaction policy 'credit_card'; known policies: credit_card_number, credit_card_cvv, credit_card_expiration, " +
          'us_social_security_number, banking_information, phone_number, email_address, date_of_birth, postal_code, person_name, location',
      },
    ]);
  });
});

/** Each policy's recall and precision on a labelled set against the floors, with at least five examples each. */
function itMeetsTheFloors(set: LabelledUtterance[]) {
  const { scores, misses } = scoreLabelledSet(set);
  it.each(REDACTION_POLICIES.map((p) => [p]))('%s meets its recall and precision floors', (policy) => {
    const score = scores.find((s) => s.policy === policy)!;
    const context = misses.filter((m) => m.policy === policy);
    expect(score.expected, 'labelled examples').toBeGreaterThanOrEqual(5);
    expect({ recall: score.recall >= RECALL_FLOOR[policy], precision: score.precision >= PRECISION_FLOOR, context }).toEqual({
      recall: true,
      precision: true,
      context,
    });
  });
}

describe('the labelled set', () => {
  it('has at least 80 utterances, every policy in spoken or recogniser form and in written form, and hard negatives', () => {
    expect(LABELLED_UTTERANCES.length).toBeGreaterThanOrEqual(80);
    expect(LABELLED_UTTERANCES.filter((u) => u.form === 'negative').length).toBeGreaterThanOrEqual(15);
    for (const policy of REDACTION_POLICIES) {
      const forms = new Set(LABELLED_UTTERANCES.filter((u) => u.expected.some((e) => e.policy === policy)).map((u) => u.form));
      expect({ policy, heard: forms.has('spoken') || forms.has('recogniser'), written: forms.has('written') }).toEqual({
        policy,
        heard: true,
        written: true,
      });
    }
  });

  itMeetsTheFloors(LABELLED_UTTERANCES);
});

describe('names in an introduction by place of work', () => {
  const masked = (text: string) => redactText(text, { policies: ['person_name'], substitution: 'entity_name' }).text;

  it('masks the name in "I\'m <name> from <place>", spoken or written', () => {
    expect(masked('im sarah from accounts')).toBe('im [PERSON_NAME] from accounts');
    expect(masked("I'm Sarah Jones from Acme.")).toBe("I'm [PERSON_NAME] from Acme.");
    expect(masked('i am kevin from brightline how can i help')).toBe('i am [PERSON_NAME] from brightline how can i help');
  });

  it('leaves alone what follows "I\'m" and comes before "from" without being a name', () => {
    for (const text of [
      'im back from holiday',
      "i'm calling from the bank",
      'im originally from texas',
      'im not from around here',
      "i'm tired from waiting",
      'im done from my side',
      'im ready from monday',
      'im the one from earlier',
    ])
      expect(masked(text)).toBe(text);
  });
});

describe('the held-out set', () => {
  it('has at least 70 utterances and at least 25 hard negatives', () => {
    expect(HELD_OUT_UTTERANCES.length).toBeGreaterThanOrEqual(70);
    expect(HELD_OUT_UTTERANCES.filter((u) => u.form === 'negative').length).toBeGreaterThanOrEqual(25);
  });

  // Every policy at least five times, at the floors.
  itMeetsTheFloors(HELD_OUT_UTTERANCES);
});
