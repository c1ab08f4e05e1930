import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTranscriptions } from '../../src/service/transcriptions/list-transcriptions.js';
import { seedBulkScoredTranscriptions, seedEvaluator, seedParticipant } from '../support/analytics-seed.js';
import { createHarness, type Harness } from '../support/harness.js';
import { seedTranscription } from '../support/seed.js';
import { listTranscriptionsBefore } from './oracles/list-transcriptions-before.js';

/**
 * list-transcriptions reads plain rows with the tags joined in; the implementation before it
 * (Prisma models + resolveTags, kept in oracles/) must give the byte-identical answer on a
 * seeded account: every status, scored or not, review groups, names, ties on created_at, deleted
 * and foreign participants and evaluators, and the 20,000 cap.
 */
let h: Harness;
beforeAll(() => {
  h = createHarness();
});
afterAll(() => h.close());

async function seedMixedAccount(bulk: number) {
  const account = await h.createAccount();
  const other = await h.createAccount();
  const evaluator = await seedEvaluator(h.db, account.id, 'Support QA', [
    { name: 'Greeting', type: 'boolean', weight: 50 },
    { name: 'Resolution', type: 'scale', weight: 50 },
  ]);
  const goneEvaluator = await seedEvaluator(h.db, account.id, 'Gone', [{ name: 'X', type: 'boolean', weight: 10 }]);
  const participants = [];
  for (let i = 0; i < 6; i += 1) participants.push(await seedParticipant(h.db, account.id, `agent-${i}`));
  const foreign = await seedParticipant(h.db, other.id, 'not yours');
  await seedBulkScoredTranscriptions(h.db, {
    accountId: account.id,
    evaluator,
    participantIds: participants.map((p) => p.id),
    count: bulk,
    newest: new Date('2026-06-01T12:00:00Z'),
    stepMinutes: 7,
    withResults: false,
  });
  const tie = new Date('2026-03-03T03:03:03.333Z');
  for (let i = 0; i < 4; i += 1) await seedTranscription(h.db, account.id, { createdAt: tie, name: `tie ${i}` });
  await seedTranscription(h.db, account.id, {
    status: 'FAILED',
    createdAt: new Date('2026-01-05T00:00:00Z'),
    errorCode: 'download_failed',
    errorMessage: 'x',
  });
  await seedTranscription(h.db, account.id, {
    status: 'COMPLETED',
    score: null,
    createdAt: new Date('2026-01-06T00:00:00Z'),
    participantId: participants[0].id,
  });
  await seedTranscription(h.db, account.id, {
    status: 'COMPLETED',
    score: 12.34,
    criticalFail: null,
    evaluationStatus: null,
    group: 'ARCHIVED',
    duration: 0.125,
    createdAt: new Date('2026-01-07T00:00:00Z'),
    participantId: participants[5].id,
    evaluatorId: goneEvaluator.id,
  });
  await seedTranscription(h.db, account.id, {
    createdAt: new Date('2026-01-08T00:00:00Z'),
    participantId: foreign.id,
    evaluatorId: randomUUID(),
  });
  // Text JSON escapes, in a name and a tag: quotes, a backslash, control characters, U+2028, non-ASCII.
  const quoted = await seedParticipant(h.db, account.id, 'agent "Q" \\ \u00fc\u2028');
  await seedTranscription(h.db, account.id, {
    createdAt: new Date('2026-01-09T00:00:00Z'),
    name: 'He said "hi"\\\n\tcaf\u00e9 \u{1F600} \u0001\u2028',
    participantId: quoted.id,
  });
  // Deleted after use: their tags no longer resolve.
  await h.db.participant.delete({ where: { id: participants[5].id } });
  await h.db.evaluator.delete({ where: { id: goneEvaluator.id } });
  return account;
}

const serialize = (input: Record<string, never>, context: Parameters<typeof listTranscriptions.handle>[1]) =>
  (listTranscriptions.serialize as NonNullable<typeof listTranscriptions.serialize>)(input, context);

describe('list-transcriptions against the implementation before it', () => {
  it('gives the byte-identical answer on a mixed account', async () => {
    const account = await seedMixedAccount(3_000);
    const context = { accountId: account.id, requestId: 'oracle', deps: h.deps };
    const now = await listTranscriptions.handle({}, context);
    const before = await listTranscriptionsBefore(h.deps, account.id);
    expect(now.transcriptions).toHaveLength(3_009);
    expect(now.transcriptions.some((t) => t.name?.includes('"hi"'))).toBe(true);
    expect(JSON.stringify(now)).toBe(JSON.stringify(before));
    // What the router writes: the pieces, in order, against res.json's JSON.stringify of the old answer.
    expect((await serialize({}, context)).join('')).toBe(JSON.stringify(before));
  });

  it('gives the byte-identical answer at the 20,000 cap', async () => {
    const account = await seedMixedAccount(20_000);
    const context = { accountId: account.id, requestId: 'oracle', deps: h.deps };
    const now = await listTranscriptions.handle({}, context);
    const before = await listTranscriptionsBefore(h.deps, account.id);
    expect(now.query_limit_reached).toBe(true);
    expect(JSON.stringify(now)).toBe(JSON.stringify(before));
    expect((await serialize({}, context)).join('')).toBe(JSON.stringify(before));
  });
});
