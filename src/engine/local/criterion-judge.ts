import type { CriterionJudgement, CriterionToJudge, Transcript } from '../engine-types.js';
import { hasUncertainRoles, narrowAgentTurns, viewCall, widenAgentTurns, type CallView } from './call-view.js';
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

/**
 * How sure a turn's role must be before the judge holds it against the agent (a breach), and
 * how likely a turn must be the agent's for a required behaviour found there to count when the
 * criterion is strict. Roles are sure (1 or 0) when the speakers were told apart; on a mono
 * recording of alike voices they come from turn-taking and are probabilities.
 */
const breachAgentProbability = 0.75;
const strictRequirementAgentProbability = 0.15;

export function judgeCriterion(view: CallView, criterion: CriterionToJudge): CriterionJudgement {
  const reading = readCriterion(criterion);
  const { finding, doubt } = robustFinding(view, reading, criterion.type === 'strict');
  const agent = view.agentTurns[0]?.segment.speaker;
  const who = agent ? `The agent (speaker ${agent})` : 'The agent';
  const at = finding.turn ? ` at ${formatMoment(finding.turn.segment.start)}` : '';
  const quote = finding.turn ? finding.turn.segment.text.slice(0, 240) : '';

  if (reading.isProhibition) {
    const passed = !finding.found;
    return {
      criterionId: criterion.id,
      scoreRawAi: criterion.type === 'scale' ? finding.strength : passed ? 1 : 0,
      reasoning: passed ? `${who} said nothing that breaks it (${finding.missing}).${doubt}` : `${who} said “${finding.cue}”${at}.`,
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
      ? `${who} said “${finding.cue}”${at}.${finding.note ?? ''}${doubt}`
      : `Missing from the agent's turns${agent ? ` (speaker ${agent})` : ''}: ${finding.missing}.${finding.turn ? ` Decided${at}.` : ''}`,
    quote,
    feedback: passed ? null : `${criterion.name}: missing ${finding.missing}.`,
  };
}

/**
 * The finding, robust to speaker roles that are guesses (one voice heard on a mono recording):
 * a breach counts only in a turn surely the agent's; a strict requirement also counts when found
 * in a turn that may be the agent's, so a critical fail is never declared from a role guess.
 * `doubt` says, for the reasoning, when the verdict rests on that.
 */
function robustFinding(view: CallView, reading: CriterionReading, isStrict: boolean): { finding: Finding; doubt: string } {
  const finding = checkBehaviour(view, reading);
  if (!hasUncertainRoles(view)) return { finding, doubt: '' };
  if (reading.isProhibition && finding.found) {
    const sure = checkBehaviour(narrowAgentTurns(view, breachAgentProbability), reading);
    if (sure.found) return { finding: sure, doubt: '' };
    const at = finding.turn ? ` at ${formatMoment(finding.turn.segment.start)}` : '';
    return {
      finding: sure,
      doubt: ` “${finding.cue}” was heard${at}, but the voices were not told apart and that turn may be the customer's, so it is not held against the agent.`,
    };
  }
  if (!reading.isProhibition && isStrict && !finding.found) {
    const possible = checkBehaviour(widenAgentTurns(view, strictRequirementAgentProbability), reading);
    if (possible.found) {
      return { finding: possible, doubt: " The voices were not told apart: that turn may be the customer's, so this is not certain." };
    }
  }
  return { finding, doubt: '' };
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
