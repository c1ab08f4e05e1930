import type { CriterionJudgement, CriterionToJudge, Transcript } from '../engine-types.js';
import { viewCall, type CallView } from './call-view.js';
import { checkEmpathy, checkResolution, checkSimpleCue } from './care-checks.js';
import { checkConduct } from './conduct-checks.js';
import { readCriterion, type CriterionReading } from './criterion-reading.js';
import type { Finding } from './finding.js';
import { checkClosing, checkGreeting } from './opening-closing-checks.js';
import { formatMoment } from './text-tools.js';
import { checkVerification } from './verification-check.js';

/**
 * Judges an evaluator's criteria on one call. The agent is found first (speaker-roles.ts); each
 * criterion is read for the behaviour it names and the details its description asks for
 * (criterion-reading.ts), then checked on the agent's turns, with the customer's turns as
 * evidence of their state only. Every verdict quotes the turn that decided it.
 */
export function judgeCriteria(transcript: Transcript, evaluator: { context: string; criteria: CriterionToJudge[] }): CriterionJudgement[] {
  const view = viewCall(transcript, evaluator.context);
  return evaluator.criteria.map((criterion) => judgeCriterion(view, criterion));
}

export function judgeCriterion(view: CallView, criterion: CriterionToJudge): CriterionJudgement {
  const reading = readCriterion(criterion);
  const finding = checkBehaviour(view, reading);
  const agent = view.agentTurns[0]?.segment.speaker;
  const who = agent ? `The agent (speaker ${agent})` : 'The agent';
  const at = finding.turn ? ` at ${formatMoment(finding.turn.segment.start)}` : '';
  const quote = finding.turn ? finding.turn.segment.text.slice(0, 240) : '';

  if (reading.isProhibition) {
    const passed = !finding.found;
    return {
      criterionId: criterion.id,
      scoreRawAi: criterion.type === 'scale' ? finding.strength : passed ? 1 : 0,
      reasoning: passed ? `${who} said nothing that breaks it (${finding.missing}).` : `${who} said “${finding.cue}”${at}.`,
      quote,
      feedback: passed ? null : `Do not say things like “${finding.cue}”: ${criterion.name}.`,
    };
  }
  const scoreRawAi = criterion.type === 'scale' ? finding.strength : finding.found ? 1 : 0;
  const passed = criterion.type === 'scale' ? scoreRawAi >= 3 : scoreRawAi === 1;
  return {
    criterionId: criterion.id,
    scoreRawAi,
    reasoning: finding.found
      ? `${who} said “${finding.cue}”${at}.`
      : `Missing from the agent's turns${agent ? ` (speaker ${agent})` : ''}: ${finding.missing}.${finding.turn ? ` Decided${at}.` : ''}`,
    quote,
    feedback: passed ? null : `${criterion.name}: missing ${finding.missing}.`,
  };
}

function checkBehaviour(view: CallView, reading: CriterionReading): Finding {
  switch (reading.behaviour) {
    case 'greeting':
      return checkGreeting(view, reading);
    case 'closing':
      return checkClosing(view, reading);
    case 'verification':
      return checkVerification(view, reading);
    case 'empathy':
      return checkEmpathy(view);
    case 'resolution':
      return checkResolution(view);
    case 'disrespect':
    case 'promise':
    case 'profanity':
      return checkConduct(view, reading);
    case 'hold':
    case 'politeness':
    case 'own-words':
      return checkSimpleCue(view, reading);
  }
}
