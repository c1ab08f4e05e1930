/** Direct inserts for tests of operations that read what later parts of the pipeline write. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db.js';
import type { Prisma } from '../../src/generated/prisma/client.js';

export async function seedConfiguration(db: Db, accountId: string, overrides: Partial<Prisma.ConfigurationUncheckedCreateInput> = {}) {
  return db.configuration.create({
    data: { accountId, tag: `config-${randomUUID().slice(0, 8)}`, vocabulary: [], extractionFields: [], ...overrides },
  });
}

export async function seedTranscription(db: Db, accountId: string, overrides: Partial<Prisma.TranscriptionUncheckedCreateInput> = {}) {
  return db.transcription.create({
    data: {
      accountId,
      configurationId: randomUUID(),
      configurationTag: 'seeded',
      createdAt: new Date(),
      ...overrides,
    },
  });
}

/** What "Call 42" said: its conversation, summary and extracted fields, stored and answered alike. */
export const call42Content = {
  conversation: {
    segments: [
      { speaker: 'A', text: 'Hello, thanks for calling.' },
      { speaker: 'B', text: 'Hi.' },
    ],
  },
  summary: { text: 'A greeting.', language: 'en' },
  fields: { fields: [{ name: 'order_id', value: null }] },
};

/**
 * "Call 42": a COMPLETED, evaluated transcription with a participant (Ana), an evaluator (Support
 * QA: Greeting, boolean, weight 40; No promises, strict) and their two results (PASS, FAIL: a
 * critical fail). The row, with the participant, evaluator and criteria it made.
 */
export async function seedEvaluatedTranscription(db: Db, accountId: string, options: { createdAt?: Date } = {}) {
  const participant = await db.participant.create({ data: { accountId, tag: 'Ana', metadata: { team: 'north' } } });
  const evaluator = await db.evaluator.create({
    data: {
      accountId,
      tag: 'Support QA',
      criteria: {
        create: [
          { name: 'Greeting', type: 'boolean', weight: 40, position: 0 },
          { name: 'No promises', type: 'strict', weight: 0, position: 1 },
        ],
      },
    },
    include: { criteria: { orderBy: { position: 'asc' } } },
  });
  const [greeting, strict] = evaluator.criteria;
  const row = await seedTranscription(db, accountId, {
    status: 'COMPLETED',
    name: 'Call 42',
    duration: 125.5,
    participantId: participant.id,
    evaluatorId: evaluator.id,
    language: 'en',
    numSpeakers: 2,
    createdAt: options.createdAt ?? new Date('2026-02-03T14:30:00Z'),
    completedAt: new Date('2026-02-03T14:35:00Z'),
    ...call42Content,
    score: 100,
    criticalFail: true,
    evaluationStatus: 'COMPLETED',
    evaluatorTag: 'Support QA',
    evaluationGeneratedAt: new Date('2026-02-03T14:35:00Z'),
    evaluationLanguage: 'en',
    evaluationFeedback: '**Good** greeting; a promise was made.',
    results: {
      create: [
        {
          criterionId: greeting.id,
          position: 0,
          name: 'Greeting',
          type: 'boolean',
          maxWeight: 40,
          scoreRawAi: 1,
          scoreObtained: 40,
          status: 'PASS',
          reasoning: 'Greets warmly',
          quote: 'Hello, thanks for calling.',
          feedback: null,
        },
        {
          criterionId: strict.id,
          position: 1,
          name: 'No promises',
          type: 'strict',
          maxWeight: 0,
          scoreRawAi: 0,
          scoreObtained: 0,
          status: 'FAIL',
          reasoning: 'Promised a refund',
          quote: 'Hi.',
          feedback: 'Avoid promises',
        },
      ],
    },
  });
  return Object.assign(row, { participant, evaluator, greeting, strict });
}
