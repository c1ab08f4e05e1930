import type { Transcript, TranscriptSegment } from '../engine-types.js';
import { normaliseWords, splitSentences } from './phrase-match.js';
import { assignRoles, organisationWordsOf, type Role } from './speaker-roles.js';

export interface Turn {
  index: number;
  role: Role;
  /** How sure the role is: the probability that the agent said this turn (0 or 1 when speakers were told apart). */
  agentProbability: number;
  segment: TranscriptSegment;
  words: string[];
  /** The turn's sentences as words (one sentence when the text has no punctuation). */
  sentences: string[][];
  /** Other readings of parts of the turn the recogniser considered (other-readings.ts), as words: evidence for required things only. */
  otherReadings: string[][];
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
  const turns = assignRoles(transcript, organisationWords).map(({ segment, role, agentProbability }, index) => ({
    index,
    role,
    agentProbability,
    segment,
    words: normaliseWords(segment.text),
    sentences: splitSentences(segment.text).map(normaliseWords),
    otherReadings: closeReadingsOf(transcript, index),
  }));
  return withTurns(turns, organisationWords);
}

/**
 * How far below the kept reading (natural log of the recogniser's score) another reading may have
 * scored and still count as evidence that a required thing was said (docs/engine.md, "Other
 * readings of the audio").
 */
export const otherReadingMaxGap = 6;

/** The segment's other readings scored within `otherReadingMaxGap` of the kept one, as words. */
function closeReadingsOf(transcript: Transcript, segment: number): string[][] {
  return (transcript.alternatives ?? [])
    .filter((a) => a.segment === segment && a.gap <= otherReadingMaxGap)
    .map((a) => normaliseWords(a.text))
    .filter((words) => words.length > 0);
}

function withTurns(turns: Turn[], organisationWords: string[]): CallView {
  return {
    turns,
    agentTurns: turns.filter((t) => t.role === 'agent'),
    customerTurns: turns.filter((t) => t.role === 'customer'),
    organisationWords,
  };
}

/**
 * The same call with every turn the agent may have said (probability at least `minAgentProbability`)
 * counted as the agent's: a required behaviour found there was perhaps the agent's, so a strict
 * criterion is not failed for want of it.
 */
export function widenAgentTurns(view: CallView, minAgentProbability: number): CallView {
  const turns = view.turns.map((t) =>
    t.role === 'customer' && t.agentProbability >= minAgentProbability ? { ...t, role: 'agent' as const } : t,
  );
  return withTurns(turns, view.organisationWords);
}

/** The same call with only the turns surely the agent's (probability at least `minAgentProbability`) counted as the agent's. */
export function narrowAgentTurns(view: CallView, minAgentProbability: number): CallView {
  const turns = view.turns.map((t) =>
    t.role === 'agent' && t.agentProbability < minAgentProbability ? { ...t, role: 'customer' as const } : t,
  );
  return withTurns(turns, view.organisationWords);
}

/** Whether any turn's role is a guess rather than a told-apart speaker. */
export const hasUncertainRoles = (view: CallView) => view.turns.some((t) => t.agentProbability > 0 && t.agentProbability < 1);
