/**
 * Names found with the first-name lists (src/lib/redaction/detect-listed-names.ts): each way a
 * call puts a name without a cue word, and the words the lists hold that are not names where
 * they stand: common words, places, the recogniser's contractions.
 */
import { describe, expect, it } from 'vitest';
import { redactText } from '../../src/lib/redaction/index.js';

/** What redactText masks as names (overlapping findings merged, as in every answer). */
const namesIn = (text: string) =>
  redactText(text, { policies: ['person_name'], substitution: 'entity_name' }).spans.map((s) => text.slice(s.start, s.end));

describe('names found with the first-name lists', () => {
  it.each([
    ['thank you sarah have a lovely day', ['sarah']],
    ['please hold rachel while i check', ['rachel']],
    ['speak to you soon chloe bye', ['chloe']],
    ['the engineer was called kevin', ['kevin']],
    ['the account is under michael smith', ['michael smith']],
    ['the name on the card is laura jones', ['laura jones']],
    ['yeah so sarah will call you back', ['sarah']],
    ['you were talking to natalie earlier', ['natalie']],
    ['thanks for holding peter', ['peter']],
    ['my colleague david will ring you tomorrow', ['david']],
    ['my girlfriend priya paid for it', ['priya']],
    ['Please ask for Harriet Cole at reception.', ['Harriet Cole']],
  ])('finds the name in "%s"', (text, names) => {
    expect(namesIn(text)).toEqual(names);
  });

  it('takes a spelled-out name with the word it spells, and no letters that spell another word', () => {
    expect(namesIn('could you spell your surname please k o w a l s k i kowalski')).toEqual(['k o w a l s k i kowalski']);
    expect(namesIn('the code was a b c then d e f')).toEqual([]);
  });

  it('takes a surname in lower case only after a naming cue, not after a greeting', () => {
    expect(namesIn('thanks sarah ive done that')).toEqual(['sarah']);
    expect(namesIn('right sophie lets get that sorted')).toEqual(['sophie']);
  });

  it.each([
    'thanks will do',
    'ok just a second',
    'it may take a few days',
    'i hope you can help',
    'send me the link',
    'the package went to sydney street depot',
    'i booked it under my own name',
    'can i check im speaking to the account holder',
    'hi there how can i help',
    'the victoria line was closed',
    'my neighbour next door took it in',
  ])('finds no name in "%s"', (text) => {
    expect(namesIn(text)).toEqual([]);
  });

  it('takes a name that is also a word after a cue that asks for a name', () => {
    expect(namesIn('my name is grace')).toEqual(['grace']);
    expect(namesIn('thanks grace')).toEqual([]);
  });
});
