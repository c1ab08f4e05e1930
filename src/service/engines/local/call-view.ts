import type { Transcript, TranscriptSegment } from '../engine-types.js';
import { normaliseWords, splitSentences } from './phrase-match.js';
import { assignRoles, organisationWordsOf, type Role } from './speaker-roles.js';

export interface Turn {
  index: number;
  role: Role;
  segment: TranscriptSegment;
  words: string[];
  /** The turn's sentences as words (one sentence when the text has no punctuation). */
  sentences: string[][];
}

/** A transcript read for judging: each turn with its role and normalised words. */
export interface CallView {
  turns: Turn[];
  agentTurns: Turn[];
  customerTurns: Turn[];
  organisationWords: string[];
}

export function viewCall(transcript: Transcript, evaluatorContext: string): CallView {
  const organisationWords = organisationWordsOf(evaluatorContext);
  const turns = assignRoles(transcript, organisationWords).map(({ segment, role }, index) => ({
    index,
    role,
    segment,
    words: normaliseWords(segment.text),
    sentences: splitSentences(segment.text).map(normaliseWords),
  }));
  return {
    turns,
    agentTurns: turns.filter((t) => t.role === 'agent'),
    customerTurns: turns.filter((t) => t.role === 'customer'),
    organisationWords,
  };
}
