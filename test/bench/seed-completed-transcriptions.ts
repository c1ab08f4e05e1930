/**
 * Completed transcriptions the upstream (the built-in API, same database) already has, written in
 * SQL: what the webhooks of bench:webhooks and load:scale name, so every mirror has to fetch a real
 * get-transcription answer. Each has one criterion result, one of 100 participants
 * (a QA team's agents) and a date in the last 8 weeks: the mirror re-picks the review sample of a
 * call's participant-week (docs/console.md "Sampling"), so calls all of one participant-week would
 * make every mirror wait for the one before it and re-rank a week that grows with each.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db.js';

export async function seedCompletedTranscriptions(db: Db, accountId: string, count: number): Promise<string[]> {
  const evaluator = await db.evaluator.create({
    data: { accountId, tag: 'load-seeded', criteria: { create: [{ name: 'Greeting', type: 'boolean', weight: 1, position: 0 }] } },
    include: { criteria: true },
  });
  const criterionId = evaluator.criteria[0]?.id ?? '';
  const configurationId = randomUUID();
  const participants = Array.from({ length: 100 }, () => randomUUID());
  await db.participant.createMany({ data: participants.map((id, i) => ({ id, accountId, tag: `agent-${i}`, metadata: {} })) });
  const weeksMs = 8 * 7 * 24 * 3600 * 1000;
  const ids = Array.from({ length: count }, () => randomUUID());
  for (let from = 0; from < count; from += 1_000) {
    const chunk = ids.slice(from, from + 1_000);
    const at = () => new Date(Date.now() - Math.floor(Math.random() * weeksMs));
    await db.transcription.createMany({
      data: chunk.map((id, i) => ({
        id,
        accountId,
        participantId: participants[(from + i) % participants.length],
        configurationId,
        configurationTag: 'load-seeded',
        name: `seeded-${from + i}`,
        status: 'COMPLETED' as const,
        createdAt: at(),
        completedAt: new Date(),
        score: 100,
        criticalFail: false,
        evaluationStatus: 'COMPLETED',
        evaluatorId: evaluator.id,
        evaluatorTag: 'load-seeded',
        evaluationGeneratedAt: new Date(),
        language: 'en',
        numSpeakers: 2,
        duration: 30,
      })),
    });
    await db.criterionResult.createMany({
      data: chunk.map((id) => ({
        transcriptionId: id,
        criterionId,
        position: 0,
        name: 'Greeting',
        type: 'boolean' as const,
        maxWeight: 1,
        scoreRawAi: 1,
        scoreObtained: 1,
        status: 'PASS' as const,
        reasoning: 'Greeted the caller.',
        quote: 'Thank you for calling',
      })),
    });
  }
  return ids;
}
