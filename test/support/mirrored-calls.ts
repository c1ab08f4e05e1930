/**
 * Mirrored calls written straight into the hub's tables (no upstream, no webhook): for tests of
 * what the hub does with its mirror (review, calibration, disputes, coaching).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/db.js';

export interface MirroredCriterion {
  name: string;
  type?: 'boolean' | 'strict' | 'scale';
  /** PASS/FAIL (the AI's verdict); for scale criteria the raw 1..5 value decides. */
  status: 'PASS' | 'FAIL';
  raw?: number;
  weight?: number;
}

export interface MirroredCall {
  id: string;
  evaluatorId: string;
  participantId: string;
  criteria: { criterionId: string; name: string }[];
}

/** Stable criterion ids per name, so the same criterion is shared by every call of an evaluator. */
const criterionIds = new Map<string, string>();
const criterionIdOf = (evaluatorId: string, name: string) => {
  const key = `${evaluatorId}/${name}`;
  const id = criterionIds.get(key) ?? randomUUID();
  criterionIds.set(key, id);
  return id;
};

export async function seedMirroredCall(
  db: Db,
  options: {
    evaluatorId: string;
    participantId: string;
    participantTag?: string;
    name?: string;
    criteria: MirroredCriterion[];
    score?: number;
    criticalFail?: boolean;
    recordedAt?: Date;
  },
): Promise<MirroredCall> {
  const id = randomUUID();
  const recordedAt = options.recordedAt ?? new Date();
  const criteria = options.criteria.map((c, position) => {
    const type = c.type ?? 'boolean';
    const raw = c.raw ?? (c.status === 'PASS' ? 1 : 0);
    const weight = type === 'strict' ? 0 : (c.weight ?? 10);
    return {
      transcriptionId: id,
      criterionId: criterionIdOf(options.evaluatorId, c.name),
      position,
      name: c.name,
      type,
      status: c.status,
      maxWeight: weight,
      scoreRawAi: raw,
      scoreObtained: c.status === 'PASS' ? weight : 0,
      reasoning: `Because of ${c.name}`,
      quote: '',
      evaluatorId: options.evaluatorId,
      recordedAt,
    };
  });
  const criticalFail = options.criticalFail ?? criteria.some((c) => c.type === 'strict' && c.status === 'FAIL');
  await db.hubTranscription.create({
    data: {
      id,
      status: 'COMPLETED',
      configurationId: randomUUID(),
      configurationTag: 'support',
      name: options.name ?? `call ${id.slice(0, 8)}`,
      duration: 60,
      participantId: options.participantId,
      participantTag: options.participantTag ?? 'Agent',
      evaluatorId: options.evaluatorId,
      evaluatorTag: 'QA',
      recordedAt,
      completedAt: recordedAt,
      score: options.score ?? 80,
      criticalFail,
      evaluationStatus: 'COMPLETED',
      conversation: { segments: [{ speaker: 'A', text: 'Hello, thank you for calling.', start: 0, end: 2 }] },
      results: { create: criteria.map(({ transcriptionId: _id, ...c }) => c) },
    },
  });
  return {
    id,
    evaluatorId: options.evaluatorId,
    participantId: options.participantId,
    criteria: criteria.map((c) => ({ criterionId: c.criterionId, name: c.name })),
  };
}
