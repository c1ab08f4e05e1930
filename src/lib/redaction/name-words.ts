import { isOnFirstNameList } from './first-names.js';

/** Words that follow "this is" or "my name is" and are not names. */
export const NOT_NAMES = new Set(
  (
    'a an the my your our his her their its it this that to for from about regarding with on in at of and or but so ' +
    'not no yes just really very quite so too also still only actually definitely absolutely exactly ' +
    'what how why when where who which is was be been am are correct right wrong fine good great ok okay ' +
    'urgent important ridiculous unacceptable frustrating annoying terrible awful insane crazy weird ' +
    'strange odd serious true false possible impossible me him them us you i we they he she there here ' +
    'all some any one two three again now today tomorrow yesterday customer support service billing ' +
    'sales team department company office account card number call phone speaking calling ringing ' +
    'going getting taking having trying the regarding concerning sir madam hello hi hey thanks thank ' +
    'please sorry well um uh er hmm like monday tuesday wednesday thursday friday saturday sunday weekend morning afternoon evening tonight mister missus miss doctor mr mrs ms dr is isnt ' +
    'someone somebody anyone anybody nobody everyone manager supervisor agent representative rep colleague advisor adviser ' +
    'operator technician engineer wants needs said says has had have got can could will would should did does doesnt didnt ' +
    'cant wont told asked thinks thought uses used lives lived works worked passed name ' +
    'im ive id youre hes shes theyre weve theyve whos'
  ).split(' '),
);

/**
 * A word that can be (part of) a name where a cue puts one: not a word that follows such a cue
 * as often (NOT_NAMES), not an adjective after a loose cue, capitalised in written text.
 */
export function isNameWord(word: string, isWritten: boolean, isLoose = false): boolean {
  const lower = word.toLowerCase();
  if (NOT_NAMES.has(lower)) return false;
  // After "this is" an adjective is as likely as a name; after "my name is" it is not.
  if (isLoose && /(?:ing|ly|ed|ful|ous|ble|ive|ish)$/.test(lower) && lower.length > 4 && !isOnFirstNameList(lower)) return false;
  // Written text capitalises names; a recogniser that writes lower case gives no such hint.
  return !isWritten || /^[A-Z]/.test(word);
}
