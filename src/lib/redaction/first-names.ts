import { readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../config/project-root.js';

/**
 * Names that are first names in the list but common words in what a caller or an agent says
 * ("thanks, will do", "right, just a moment", "may I ask"): never taken as a name on the list's
 * word alone (docs/redaction.md, "Names"). A cue that asks for a name ("my name is Grace") still
 * takes them.
 */
const COMMON_WORD_NAMES = new Set(
  (
    'will may june april august march mark bill grace hope joy faith frank just care patience else ' +
    'sunny summer autumn winter spring king prince major page price max happy lucky justice liberty ' +
    'harmony honey angel precious sky storm rain river rocky misty candy penny ginger olive sterling ' +
    'rusty hero destiny trinity melody christian chance ace bliss blessing charity constance ' +
    'verity hardy noble young love dear darling sweet star early lane read reading long wall wells ' +
    'best gay fair hale hall hill stone woods field fields brown black green white gray grey golden ' +
    'sandy dawn drew chase rich guy art don pat rob sue ray gene glen dale wade reed cliff heath ' +
    'hunter cooper baker parker mason carter harper jordan morgan taylor miles case cash bond ' +
    'gates nick kit tank rod bud buck chip dusty sonny sunday monday tuesday friday ' +
    'ok okay right sure fine well so too thanks cheers bye lovely great perfect brilliant yes no'
  ).split(' '),
);

/** Places that are first names too ("went to sydney", "wallaby way sydney"): never taken by their place in a sentence. */
const PLACE_NAMES = new Set(
  (
    'sydney paris london york georgia austin chelsea jersey lincoln india china kent devon carolina virginia ' +
    'charlotte savannah dakota phoenix orlando memphis houston dallas denver madison adelaide melbourne ' +
    'brisbane perth alberta quebec montreal vienna florence geneva berlin milan siena sienna verona lourdes ' +
    'lorraine normandy brittany cornwall chester preston kendal shannon darwin hamilton jackson clifton ' +
    'salisbury chelmsford bristol derby luton halifax dover kingston camden hudson aurora asia africa america ' +
    'elgin ely ripon selby troy tyler marion cleveland sheridan regina victoria'
  ).split(' '),
);

const lists = new Map<string, Set<string>>();

/** A list of name-lists/, read at its first use and kept. */
function nameList(file: string): Set<string> {
  let list = lists.get(file);
  if (!list) {
    const text = readFileSync(path.join(projectRoot, 'src/lib/redaction/name-lists', file), 'utf8');
    lists.set(file, (list = new Set(text.split('\n').filter((line) => line !== '' && !line.startsWith('#')))));
  }
  return list;
}
const firstNames = () => nameList('first-names.txt');

/** A word that is on the first-name list and is not mostly a common word. */
export function isKnownFirstName(word: string): boolean {
  const lower = word.toLowerCase();
  return !COMMON_WORD_NAMES.has(lower) && firstNames().has(lower);
}

/**
 * A first name that is not also an English word ("link", "grant", "bay") or a known place: taken by its
 * place in a sentence alone (name-lists/first-names-by-place.txt says how the list was made).
 */
export function isFirstNameByPlace(word: string): boolean {
  const lower = word.toLowerCase();
  return !COMMON_WORD_NAMES.has(lower) && !PLACE_NAMES.has(lower) && nameList('first-names-by-place.txt').has(lower);
}

/** On the first-name list, common word or not (a cue that asks for a name takes either). */
export function isOnFirstNameList(word: string): boolean {
  return firstNames().has(word.toLowerCase());
}
