/**
 * The history the trigger-kept analytics columns are checked over (the analytics hour tables and
 * svc_transcriptions.failed_criteria_json), and the deletion paths both must follow.
 */
import { expect } from 'vitest';
import { purgeExpiredTranscriptions } from '../../src/service/retention/purge-expired-transcriptions.js';
import { deleteTranscription } from '../../src/service/transcriptions/delete-transcription.js';
import {
  seedBulkScoredTranscriptions,
  seedEvaluator,
  seedParticipant,
  type CriterionSpec,
  type SeededEvaluator,
} from './analytics-seed.js';
import type { Harness } from './harness.js';

export interface ScoredHistory {
  accountId: string;
  evaluator: SeededEvaluator;
  participantId: string;
}

/** A pass/fail criterion and a 1–5 one: what the concurrency checks complete calls against. */
export const greetingAndResolution: CriterionSpec[] = [
  { name: 'Greeting', type: 'boolean' },
  { name: 'Resolution', type: 'scale' },
];

/** A new account with a "Support QA" evaluator of these criteria and one agent. */
export async function seedSupportAccount(h: Harness, criteria: CriterionSpec[]): Promise<ScoredHistory> {
  const accountId = (await h.createAccount()).id;
  const evaluator = await seedEvaluator(h.db, accountId, 'Support QA', criteria);
  const participantId = (await seedParticipant(h.db, accountId, 'agent')).id;
  return { accountId, evaluator, participantId };
}

/** A new account whose agent has 300 calls scored on Support QA (boolean, scale, strict), 90 minutes apart up to 2026-05-01. */
export async function seedScoredHistory(h: Harness): Promise<ScoredHistory> {
  const history = await seedSupportAccount(h, [
    { name: 'Greeting', type: 'boolean' },
    { name: 'Resolution', type: 'scale' },
    { name: 'No promises', type: 'strict' },
  ]);
  await seedBulkScoredTranscriptions(h.db, {
    accountId: history.accountId,
    evaluator: history.evaluator,
    participantIds: [history.participantId],
    count: 300,
    newest: new Date('2026-05-01T10:00:00Z'),
    stepMinutes: 90,
    withResults: true,
  });
  return history;
}

/**
 * Deletes the account's calls `ids` by each path the service has, with `check` after each: the
 * first through delete-transcription, the next 20 at once, the rest by the retention purge.
 */
export async function deleteByEveryPath(
  h: Harness,
  accountId: string,
  ids: string[],
  requestId: string,
  check: () => Promise<unknown>,
): Promise<void> {
  const [first, ...more] = ids;
  await deleteTranscription.handle({ transcription_id: first }, { accountId, requestId, deps: h.deps });
  await h.db.transcription.deleteMany({ where: { id: { in: more.slice(0, 20) } } });
  await check();
  await h.db.transcription.updateMany({
    where: { id: { in: more.slice(20) } },
    data: { submittedAt: new Date(Date.now() - 400 * 86_400_000) },
  });
  await purgeExpiredTranscriptions(h.processingContext());
  expect(await h.db.transcription.count({ where: { id: { in: more.slice(20) } } })).toBe(0);
  await check();
}
