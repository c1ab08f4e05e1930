/** Shared by the client's tests: the built-in service on a real port, a wire recorder, seeds. */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../../../src/db.js';
import type { Harness } from '../../support/harness.js';
import { seedTranscription } from '../../support/seed.js';

/** Serves the harness's app (createApp) on an ephemeral port; baseUrl ends in /api. */
export async function serveBuiltIn(h: Harness): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = createServer(h.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface WireAnswer {
  operation: string;
  status: number;
  text: string;
}

/** A fetch that keeps every raw answer, for checks on what the service really sent. */
export function recordingFetch(): { fetch: typeof fetch; answers: WireAnswer[] } {
  const answers: WireAnswer[] = [];
  return {
    answers,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      answers.push({ operation: url.split('/').at(-1) ?? '', status: response.status, text: await response.clone().text() });
      return response;
    },
  };
}

/** A unique Redis key prefix, so concurrent runs never share pacing buckets. */
export const testPacingPrefix = () => `convoqa:test:pace:${randomUUID()}:`;

/** A COMPLETED, evaluated transcription (participant, evaluator, two criterion results). */
export async function seedEvaluatedTranscription(db: Db, accountId: string) {
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
  return seedTranscription(db, accountId, {
    status: 'COMPLETED',
    name: 'Call 42',
    duration: 125.5,
    participantId: participant.id,
    evaluatorId: evaluator.id,
    language: 'en',
    numSpeakers: 2,
    createdAt: new Date('2026-02-03T14:30:00Z'),
    completedAt: new Date('2026-02-03T14:35:00Z'),
    conversation: { segments: [{ speaker: 'A', text: 'Hello, thanks for calling.' }, { speaker: 'B', text: 'Hi.' }] },
    summary: { text: 'A greeting.', language: 'en' },
    fields: { fields: [{ name: 'order_id', value: null }] },
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
          criterionId: greeting.id, position: 0, name: 'Greeting', type: 'boolean', maxWeight: 40, scoreRawAi: 1,
          scoreObtained: 40, status: 'PASS', reasoning: 'Greets warmly', quote: 'Hello, thanks for calling.', feedback: null,
        },
        {
          criterionId: strict.id, position: 1, name: 'No promises', type: 'strict', maxWeight: 0, scoreRawAi: 0,
          scoreObtained: 0, status: 'FAIL', reasoning: 'Promised a refund', quote: 'Hi.', feedback: 'Avoid promises',
        },
      ],
    },
  });
}
