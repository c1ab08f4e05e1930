import type { Transcript, TranscriptSegment } from '../engine-types.js';
import { findAnyPhrase, normaliseWords } from './phrase-match.js';
import { agentProbabilitiesByTurnTaking } from './turn-taking-roles.js';

export type Role = 'agent' | 'customer';

/** What agents say and customers seldom do, and the reverse. Weights are rough evidence counts. */
const agentCues: [string, number][] = [
  ['thank|thanks you for calling', 3],
  ['thank|thanks for calling', 3],
  ['you are through to', 3],
  ['you have reached', 3],
  ['welcome to', 2],
  ['my name is', 2],
  ['you are speaking with|to', 2],
  ['how can|may i help', 3],
  ['what can i do|help for|with you', 2],
  ['can|could|may i take|have * date of birth|postcode|name|account', 2],
  ['can|could you confirm', 1],
  ['what is your date|full|first|postcode|post|address|name|security|account|card|order|reference|phone|email', 2],
  ['i will send|book|arrange|refund|raise|escalate|credit|process|email|post|cancel|transfer|put', 1],
  ['is there anything|that everything', 1],
  ['date of birth', 1],
  ['security question|answer', 1],
  ['anything else', 2],
  [
    'i have booked|refunded|ordered|arranged|scheduled|blocked|raised|applied|removed|updated|sent|opened|cancelled|processed|set|credited',
    2,
  ],
  ['i can see', 1],
  ['let me check|look', 1],
  ['bear with me', 1],
  ['have a nice|good|great|lovely day', 1],
  ['* speaking', 1],
];
const customerCues: [string, number][] = [
  ['is this', 2],
  ['i was charged', 2],
  ['i want|need to', 1],
  ['i would like', 1],
  ['my internet|broadband|bill|card|phone|router|tv|account|order|parcel|payment|signal|speeds|meter', 1],
  ['i have been charged', 2],
  ['i do not understand', 1],
  ['it is not working', 1],
  ['not working', 1],
  ['i called|rang', 1],
  ['i have called|rang', 1],
  ['i just want-', 1],
  ['thank you for your help', 1],
  ['that is great|perfect|brilliant', 1],
];

/**
 * Which speaker label is the agent: the one whose turns sound most like an agent (greets with the
 * company, introduces themselves, asks for verification, offers more help, reports actions) and
 * least like a customer (describes their own problem). The organisation named in the evaluator's
 * context counts as an agent cue when a speaker says it in a statement. Who spoke first only
 * breaks ties: customers often speak first ("Hello? Is this the bank?").
 */
export function identifyAgentLabel(transcript: Transcript, organisationWords: string[]): string | null {
  const labels = [...new Set(transcript.segments.map((s) => s.speaker))];
  if (labels.length < 2) return labels[0] ?? null;
  const scores = new Map<string, number>(labels.map((l) => [l, 0]));
  for (const [index, segment] of transcript.segments.entries()) {
    const add = (n: number) => scores.set(segment.speaker, (scores.get(segment.speaker) ?? 0) + n);
    const turnScore = scoreTurnAsAgent(segment.text, organisationWords);
    // The first turns carry the strongest role evidence (the greeting), so they weigh double.
    add(index < 3 ? 2 * turnScore : turnScore);
  }
  const first = transcript.segments[0]?.speaker;
  if (first) scores.set(first, (scores.get(first) ?? 0) + 0.5);
  return [...scores.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** Agent cues minus customer cues of one turn (positive: sounds like the agent). */
export function scoreTurnAsAgent(text: string, organisationWords: string[]): number {
  const words = normaliseWords(text);
  let score = 0;
  for (const [cue, weight] of agentCues) if (findAnyPhrase(words, [cue])) score += weight;
  for (const [cue, weight] of customerCues) if (findAnyPhrase(words, [cue])) score -= weight;
  const namesOrganisation = organisationWords.some((w) => words.includes(w));
  if (namesOrganisation && !findAnyPhrase(words, ['is this', 'is that'])) score += 1;
  return score;
}

/** A segment with its role, and how sure that is: the probability that the agent said it. */
export interface RoledSegment {
  segment: TranscriptSegment;
  role: Role;
  agentProbability: number;
}

/**
 * The role of each segment. With two or more speakers, the agent's label decides (the labels come
 * from channels or distinct voices, so the roles are taken as sure). With one (a mono recording
 * whose voices could not be told apart), turn-taking and each turn's own cues decide together
 * (turn-taking-roles.ts), with a probability per turn: a customer's "sorry" does not become the
 * agent's, and the judge can tell a sure role from a guess.
 */
export function assignRoles(transcript: Transcript, organisationWords: string[]): RoledSegment[] {
  const labels = new Set(transcript.segments.map((s) => s.speaker));
  if (labels.size >= 2) {
    const agent = identifyAgentLabel(transcript, organisationWords);
    return transcript.segments.map((segment) => {
      const isAgent = segment.speaker === agent;
      return { segment, role: isAgent ? 'agent' : 'customer', agentProbability: isAgent ? 1 : 0 };
    });
  }
  // One stretch of speech with no pause in it: one speaker, taken to be the agent being judged.
  if (transcript.segments.length === 1) return transcript.segments.map((segment) => ({ segment, role: 'agent', agentProbability: 1 }));
  const scores = transcript.segments.map((s) => scoreTurnAsAgent(s.text, organisationWords));
  const probabilities = agentProbabilitiesByTurnTaking(transcript.segments, scores);
  return transcript.segments.map((segment, index) => {
    const agentProbability = probabilities[index] ?? 0.5;
    return { segment, role: agentProbability >= 0.5 ? 'agent' : 'customer', agentProbability };
  });
}

/**
 * Words that name the organisation in the evaluator's context: capitalised words that do not
 * start a sentence ("calls for Brightline, a broadband provider" → brightline), and a sentence's
 * first word when a name of a service follows it ("Acme support: orders and returns" → acme).
 */
export function organisationWordsOf(context: string): string[] {
  const found = new Set<string>();
  for (const sentence of context.split(/[.!?:;]\s+|\n+/)) {
    const tokens = sentence.split(/\s+/).filter(Boolean);
    for (const [i, token] of tokens.entries()) {
      const word = token.replace(/'s\W*$/, '').replace(/[^A-Za-z]/g, '');
      if (!/^[A-Z][a-z]+/.test(word) || commonCapitalised.has(word.toLowerCase())) continue;
      const next = tokens[i + 1]?.toLowerCase().replace(/[^a-z]/g, '') ?? '';
      if (i > 0 || /'s$/.test(token) || serviceNames.has(next)) found.add(word.toLowerCase());
    }
  }
  return [...found];
}

/** Words that follow an organisation's name ("Acme support", "Nimbus care"). */
const serviceNames = new Set(['support', 'helpdesk', 'care', 'team']);

const commonCapitalised = new Set([
  'i',
  'agents',
  'agent',
  'customer',
  'customers',
  'the',
  'a',
  'an',
  'uk',
  'us',
  'monday',
  'friday',
  'english',
  'quality',
  'bank',
  'calls',
  'support',
]);
