/**
 * A trigram language model for one call's domain, built at run time in ARPA format for
 * pocketsphinx: interpolated absolute discounting over the domain sentences (the contact-centre
 * corpus plus the configuration's own words), whose unigram level is mixed with the general
 * model's unigrams, so that any common English word stays possible but contact-centre phrasing
 * is preferred. Deterministic: same sentences and settings, same file.
 */

export interface DomainModelSettings {
  /** Weight of the domain unigrams against the general ones (0..1). */
  domainUnigramWeight: number;
  /** How many of the general model's most frequent words to keep. */
  generalWords: number;
  /** Absolute discount of bigram and trigram counts. */
  discount: number;
}

export const defaultDomainModelSettings: DomainModelSettings = { domainUnigramWeight: 0.8, generalWords: 20_000, discount: 0.7 };

const begin = '<s>';
const end = '</s>';

/**
 * @param sentences  domain sentences as lower-case words (repeat a sentence to weigh it more)
 * @param general    log10 unigram probabilities of the general model
 * @param isKnown    whether the recogniser's dictionary can pronounce a word
 */
export function buildDomainLanguageModel(
  sentences: string[][],
  general: Map<string, number>,
  isKnown: (word: string) => boolean,
  settings: DomainModelSettings = defaultDomainModelSettings,
): { arpa: string; vocabulary: string[] } {
  const kept = sentences.map((s) => s.filter(isKnown)).filter((s) => s.length > 0);
  const unigrams = new Map<string, number>();
  const bigrams = new Map<string, Map<string, number>>();
  const trigrams = new Map<string, Map<string, number>>();
  let tokens = 0;
  for (const sentence of kept) {
    const padded = [begin, ...sentence, end];
    for (let i = 1; i < padded.length; i += 1) {
      const word = padded[i] ?? '';
      increment(unigrams, word);
      tokens += 1;
      increment(successorsOf(bigrams, padded[i - 1] ?? ''), word);
      if (i >= 2) increment(successorsOf(trigrams, `${padded[i - 2]} ${padded[i - 1]}`), word);
    }
  }

  // Unigrams: the domain's relative frequencies mixed with the general model's top words.
  const generalTop = [...general.entries()]
    .filter(([word]) => isKnown(word))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, settings.generalWords);
  const generalMass = generalTop.reduce((sum, [, logProb]) => sum + 10 ** logProb, 0);
  const vocabulary = new Set<string>([...unigrams.keys(), ...generalTop.map(([w]) => w)]);
  const generalProb = new Map(generalTop.map(([w, logProb]) => [w, 10 ** logProb / generalMass]));
  const lambda = tokens > 0 ? settings.domainUnigramWeight : 0;
  const p1 = new Map<string, number>();
  for (const word of vocabulary) {
    p1.set(word, lambda * ((unigrams.get(word) ?? 0) / Math.max(1, tokens)) + (1 - lambda) * (generalProb.get(word) ?? 0));
  }
  // A word only in the domain and never in the general model still needs a floor under its mass.
  for (const [word, p] of p1) if (p <= 0) p1.set(word, 1e-9);

  const d = settings.discount;
  const p2 = (context: string, word: string): number => {
    const next = bigrams.get(context);
    const base = p1.get(word) ?? 1e-9;
    if (!next) return base;
    const total = sum(next);
    return Math.max(0, (next.get(word) ?? 0) - d) / total + ((d * next.size) / total) * base;
  };
  const bigramBackoff = (context: string) => {
    const next = bigrams.get(context);
    return next ? (d * next.size) / sum(next) : 1;
  };

  const lines: string[] = [];
  const bigramLines: string[] = [];
  const trigramLines: string[] = [];
  for (const [context, next] of [...bigrams].sort(byKey)) {
    for (const [word] of [...next].sort(byKey)) {
      const key = `${context} ${word}`;
      const bo = trigrams.has(key) ? ` ${log(trigramBackoff(trigrams.get(key)!, d))}` : '';
      bigramLines.push(`${log(p2(context, word))} ${key}${bo}`);
    }
  }
  for (const [context, next] of [...trigrams].sort(byKey)) {
    const total = sum(next);
    const [, last = ''] = context.split(' ');
    for (const [word, count] of [...next].sort(byKey)) {
      const p = Math.max(0, count - d) / total + ((d * next.size) / total) * p2(last, word);
      trigramLines.push(`${log(p)} ${context} ${word}`);
    }
  }
  const unigramLines = [`-99 ${begin} ${log(bigramBackoff(begin))}`];
  for (const word of [...p1.keys()].sort()) {
    const bo = bigrams.has(word) ? ` ${log(bigramBackoff(word))}` : '';
    unigramLines.push(`${log(p1.get(word) ?? 1e-9)} ${word}${bo}`);
  }
  lines.push('\\data\\', `ngram 1=${unigramLines.length}`, `ngram 2=${bigramLines.length}`, `ngram 3=${trigramLines.length}`, '');
  lines.push('\\1-grams:', ...unigramLines, '', '\\2-grams:', ...bigramLines, '', '\\3-grams:', ...trigramLines, '', '\\end\\', '');
  return { arpa: lines.join('\n'), vocabulary: [...p1.keys()].sort() };
}

function trigramBackoff(next: Map<string, number>, d: number): number {
  return (d * next.size) / sum(next);
}

function successorsOf(table: Map<string, Map<string, number>>, key: string): Map<string, number> {
  let next = table.get(key);
  if (!next) {
    next = new Map();
    table.set(key, next);
  }
  return next;
}

function increment(map: Map<string, number>, key: string) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function sum(map: Map<string, number>): number {
  let total = 0;
  for (const v of map.values()) total += v;
  return total;
}

const log = (p: number) => (p > 0 ? Math.log10(p).toFixed(4) : '-99');
const byKey = <T>(a: [string, T], b: [string, T]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
