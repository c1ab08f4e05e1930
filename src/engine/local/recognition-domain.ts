import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contactCentreSentences } from './contact-centre-corpus.js';
import { buildDomainLanguageModel, defaultDomainModelSettings, type DomainModelSettings } from './domain-language-model.js';
import { readGeneralUnigrams } from './general-unigrams.js';
import { normaliseWords } from './phrase-match.js';
import type { RecognitionHints } from '../engine-types.js';

/** What the configuration says about a call's domain, used to bias recognition toward it. */

export interface RecognitionDomainSettings extends DomainModelSettings {
  /** How many times the configuration's own sentences count against one corpus sentence. */
  hintWeight: number;
}

export const defaultRecognitionDomainSettings: RecognitionDomainSettings = { ...defaultDomainModelSettings, hintWeight: 3 };

export interface RecognitionDomain {
  languageModelFile: string;
  dictionaryFile: string;
  /** Words of the configuration the dictionary cannot pronounce, recognised as two known words and joined back. */
  joinedTerms: string[];
}

const dictionaries = new Map<string, Promise<Map<string, string[]>>>();

/** The recogniser's pronouncing dictionary: word → its lines (alternate pronunciations included). */
function readDictionary(file: string): Promise<Map<string, string[]>> {
  let loaded = dictionaries.get(file);
  if (!loaded) {
    loaded = readFile(file, 'utf8').then((text) => {
      const entries = new Map<string, string[]>();
      for (const line of text.split('\n')) {
        const word = line.slice(0, line.indexOf(' ')).replace(/\(\d+\)$/, '');
        if (!word) continue;
        const lines = entries.get(word) ?? [];
        lines.push(line);
        entries.set(word, lines);
      }
      return entries;
    });
    dictionaries.set(file, loaded);
    loaded.catch(() => dictionaries.delete(file));
  }
  return loaded;
}

/**
 * Writes a language model and a matching dictionary for one call into `workDir`: the general
 * contact-centre corpus, plus the configuration's vocabulary and text (weighted `hintWeight`),
 * over the general model's unigrams. Words the dictionary lacks are spelled as two known words
 * when they split that way ("brightline" → "bright line"), else dropped.
 */
export async function prepareRecognitionDomain(
  workDir: string,
  model: { generalModelFile: string; dictionaryFile: string },
  hints: RecognitionHints,
  settings: RecognitionDomainSettings = defaultRecognitionDomainSettings,
): Promise<RecognitionDomain> {
  const [general, dictionary] = await Promise.all([readGeneralUnigrams(model.generalModelFile), readDictionary(model.dictionaryFile)]);
  const isKnown = (word: string) => dictionary.has(word);
  const joinedTerms = new Set<string>();
  const spell = (text: string) =>
    normaliseWords(text).flatMap((word) => {
      if (isKnown(word) || /\d/.test(word)) return [word];
      const split = splitIntoKnownWords(word, isKnown);
      if (split) joinedTerms.add(word);
      return split ?? [];
    });
  const corpus = contactCentreSentences().map(spell);
  const hintTexts = [...hints.vocabulary, ...(hints.domainText ?? []).flatMap((t) => t.split(/(?<=[.!?])\s+|\n+/))];
  const hintSentences = hintTexts.map(spell).filter((s) => s.length > 0);
  const weighted = [...corpus, ...Array.from({ length: settings.hintWeight }, () => hintSentences).flat()];
  const { arpa, vocabulary } = buildDomainLanguageModel(weighted, general, isKnown, settings);
  const dictionaryLines = vocabulary.flatMap((word) => dictionary.get(word) ?? []);
  const languageModelFile = path.join(workDir, 'domain.arpa');
  const dictionaryFile = path.join(workDir, 'domain.dict');
  await Promise.all([writeFile(languageModelFile, arpa), writeFile(dictionaryFile, `${dictionaryLines.join('\n')}\n`)]);
  return { languageModelFile, dictionaryFile, joinedTerms: [...joinedTerms] };
}

/** "brightline" → ["bright", "line"] when both halves are known words of three letters or more. */
export function splitIntoKnownWords(word: string, isKnown: (w: string) => boolean): string[] | null {
  for (let cut = word.length - 3; cut >= 3; cut -= 1) {
    const [head, tail] = [word.slice(0, cut), word.slice(cut)];
    if (isKnown(head) && isKnown(tail)) return [head, tail];
  }
  return null;
}
