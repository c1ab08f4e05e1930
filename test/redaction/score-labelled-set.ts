import { detectPersonalData, REDACTION_POLICIES, redactText, type RedactionPolicy } from '../../src/lib/redaction/index.js';
import type { LabelledUtterance } from './labelled-utterances.js';

export interface PolicyScore {
  policy: RedactionPolicy;
  expected: number;
  found: number;
  detected: number;
  correct: number;
  recall: number;
  precision: number;
}

export interface Miss {
  text: string;
  policy: RedactionPolicy;
  what: string;
  kind: 'missed' | 'spurious';
}

/**
 * Scores redactText (all policies) on the labelled set. An expected span is found when a detected
 * span of the same policy covers all its characters; a detected span is correct when it overlaps
 * an expected span of the same policy.
 */
export function scoreLabelledSet(set: LabelledUtterance[]): { scores: PolicyScore[]; misses: Miss[] } {
  const counts = new Map(REDACTION_POLICIES.map((p) => [p, { expected: 0, found: 0, detected: 0, correct: 0 }]));
  const misses: Miss[] = [];
  for (const u of set) {
    const { spans } = redactText(u.text, { policies: [...REDACTION_POLICIES], substitution: 'entity_name' });
    const expected = u.expected.map((e) => {
      const start = u.text.indexOf(e.text);
      if (start < 0) throw new Error(`labelled substring not in utterance: ${e.text}`);
      return { policy: e.policy, start, end: start + e.text.length };
    });
    for (const e of expected) {
      const c = counts.get(e.policy)!;
      c.expected += 1;
      if (spans.some((s) => s.policy === e.policy && s.start <= e.start && s.end >= e.end)) c.found += 1;
      else misses.push({ text: u.text, policy: e.policy, what: u.text.slice(e.start, e.end), kind: 'missed' });
    }
    for (const s of spans) {
      const c = counts.get(s.policy)!;
      c.detected += 1;
      if (expected.some((e) => e.policy === s.policy && e.start < s.end && s.start < e.end)) c.correct += 1;
      else misses.push({ text: u.text, policy: s.policy, what: u.text.slice(s.start, s.end), kind: 'spurious' });
    }
  }
  const scores = REDACTION_POLICIES.map((policy) => {
    const c = counts.get(policy)!;
    return {
      policy,
      ...c,
      recall: c.expected === 0 ? 1 : c.found / c.expected,
      precision: c.detected === 0 ? 1 : c.correct / c.detected,
    };
  });
  return { scores, misses };
}

/** Recall floors: the financial and identity numbers must almost never slip through. */
export const RECALL_FLOOR: Record<RedactionPolicy, number> = {
  credit_card_number: 0.98,
  credit_card_cvv: 0.98,
  credit_card_expiration: 0.9,
  us_social_security_number: 0.98,
  banking_information: 0.98,
  phone_number: 0.9,
  email_address: 0.9,
  date_of_birth: 0.9,
  postal_code: 0.9,
  person_name: 0.9,
  location: 0.9,
};
export const PRECISION_FLOOR = 0.95;

export { detectPersonalData };
