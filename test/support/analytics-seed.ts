/**
 * Seeding for analytics tests and the bench: evaluated transcriptions written straight into the
 * database (the submit pipeline is built elsewhere), with per-criterion results scored as
 * docs/decisions.md says (normalised n; PASS when n ≥ 0.5; score_obtained = n × weight).
 */
import { randomUUID } from 'node:crypto';
import type { CriterionType } from '../../src/contract/evaluators.js';
import { parsePeriodDate } from '../../src/contract/transcriptions.js';
import type { Db } from '../../src/db.js';
import type { ReviewGroup, TranscriptionStatus } from '../../src/generated/prisma/client.js';

export interface SeededCriterion {
  id: string;
  name: string;
  type: CriterionType;
  weight: number;
  position: number;
}

export interface SeededEvaluator {
  id: string;
  tag: string;
  criteria: SeededCriterion[];
}

export interface CriterionSpec {
  name: string;
  type: CriterionType;
  weight?: number;
}

export async function seedEvaluator(db: Db, accountId: string, tag: string, criteria: CriterionSpec[]): Promise<SeededEvaluator> {
  const evaluator = await db.evaluator.create({
    data: {
      accountId,
      tag,
      criteria: { create: criteria.map((c, position) => ({ name: c.name, type: c.type, weight: c.weight ?? 10, position })) },
    },
    include: { criteria: { orderBy: { position: 'asc' } } },
  });
  return { id: evaluator.id, tag: evaluator.tag, criteria: evaluator.criteria };
}

/** A criterion added to an evaluator after some transcriptions were evaluated with it. */
export async function addCriterion(db: Db, evaluator: SeededEvaluator, spec: CriterionSpec): Promise<SeededCriterion> {
  const created = await db.criterion.create({
    data: { evaluatorId: evaluator.id, name: spec.name, type: spec.type, weight: spec.weight ?? 10, position: evaluator.criteria.length },
  });
  evaluator.criteria.push(created);
  return created;
}

export async function seedParticipant(db: Db, accountId: string, tag: string): Promise<{ id: string; tag: string }> {
  const participant = await db.participant.create({ data: { accountId, tag, metadata: {} } });
  return { id: participant.id, tag: participant.tag };
}

/** One scored criterion of an evaluation; `criterion` may be one that no longer exists. */
export interface ResultSpec {
  criterion: Pick<SeededCriterion, 'id' | 'name' | 'type' | 'weight'>;
  raw: number;
}

export interface ScoredSpec {
  /** A period_date: `YYYY-MM-DD` (midnight UTC) or an ISO 8601 datetime. */
  at: string;
  score: number | null;
  critical?: boolean;
  duration: number;
  group?: ReviewGroup | null;
  participantId?: string | null;
  evaluatorId?: string | null;
  /** None: evaluated before per-criterion scores existed. */
  results?: ResultSpec[];
  status?: TranscriptionStatus;
}

const normalised = (type: CriterionType, raw: number) => (type === 'scale' ? (raw - 1) / 4 : raw);

export async function seedScoredTranscription(db: Db, accountId: string, spec: ScoredSpec): Promise<string> {
  const createdAt = parsePeriodDate(spec.at);
  if (!createdAt) throw new Error(`bad period date ${spec.at}`);
  const status = spec.status ?? 'COMPLETED';
  const row = await db.transcription.create({
    data: {
      accountId,
      configurationId: randomUUID(),
      configurationTag: 'seeded',
      status,
      group: spec.group ?? null,
      duration: spec.duration,
      participantId: spec.participantId ?? null,
      evaluatorId: spec.evaluatorId ?? null,
      createdAt,
      completedAt: status === 'IN_PROGRESS' ? null : createdAt,
      score: spec.score,
      criticalFail: spec.score === null ? null : (spec.critical ?? false),
      evaluationStatus: spec.score === null ? null : 'COMPLETED',
      results: {
        create: (spec.results ?? []).map(({ criterion, raw }, position) => {
          const n = normalised(criterion.type, raw);
          return {
            criterionId: criterion.id,
            position,
            name: criterion.name,
            type: criterion.type,
            maxWeight: criterion.weight,
            scoreRawAi: raw,
            scoreObtained: n * criterion.weight,
            status: n >= 0.5 ? ('PASS' as const) : ('FAIL' as const),
            reasoning: 'seeded',
            quote: 'seeded',
          };
        }),
      },
    },
  });
  return row.id;
}

export interface BulkSpec {
  accountId: string;
  evaluator: SeededEvaluator;
  participantIds: string[];
  count: number;
  /** The newest transcription's created_at; the others are spaced `stepMinutes` apart before it. */
  newest: Date;
  stepMinutes: number;
  /** Write one result per criterion of the evaluator for each transcription. */
  withResults: boolean;
}

/**
 * Many COMPLETED, scored transcriptions in two set-based statements (generate_series), for the
 * read-cap test and the bench. Scores, durations, groups and results vary pseudo-randomly.
 */
export async function seedBulkScoredTranscriptions(db: Db, spec: BulkSpec): Promise<void> {
  const { criteria } = spec.evaluator;
  await db.$executeRaw`
    WITH inserted AS (
      INSERT INTO svc_transcriptions (id, account_id, configuration_id, configuration_tag, status, review_group, duration,
        participant_id, evaluator_id, created_at, completed_at, score, critical_fail, evaluation_status, updated_at)
      SELECT gen_random_uuid(), ${spec.accountId}::uuid, gen_random_uuid(), 'bulk', 'COMPLETED',
             (ARRAY[NULL, 'PENDING_REVIEW', 'UNDER_REVIEW', 'ARCHIVED'])[1 + g % 4]::svc_review_group,
             30 + (g * 37) % 1800,
             (${spec.participantIds}::uuid[])[1 + g % greatest(cardinality(${spec.participantIds}::uuid[]), 1)],
             ${spec.evaluator.id}::uuid,
             ${spec.newest.toISOString()}::timestamptz - make_interval(mins => (g - 1) * ${spec.stepMinutes}),
             now(), round((random() * 100)::numeric, 2)::float8, random() < 0.1, 'COMPLETED', now()
      FROM generate_series(1, ${spec.count}) AS g
      RETURNING id
    )
    INSERT INTO svc_criterion_results (transcription_id, criterion_id, position, name, type, max_weight, score_raw_ai,
      score_obtained, status, reasoning, quote)
    SELECT i.id, c.id, c.position, c.name, c.type::svc_criterion_type, c.weight, r.raw,
           (CASE WHEN c.type = 'scale' THEN (r.raw - 1) / 4 ELSE r.raw END) * c.weight,
           (CASE WHEN (CASE WHEN c.type = 'scale' THEN (r.raw - 1) / 4 ELSE r.raw END) >= 0.5 THEN 'PASS' ELSE 'FAIL' END)::svc_criterion_result_status,
           'bulk', 'bulk'
    FROM inserted i
    CROSS JOIN unnest(${criteria.map((c) => c.id)}::uuid[], ${criteria.map((c) => c.name)}::text[],
                      ${criteria.map((c) => c.type)}::text[], ${criteria.map((c) => c.weight)}::int[],
                      ${criteria.map((c) => c.position)}::int[]) AS c(id, name, type, weight, position)
    CROSS JOIN LATERAL (SELECT CASE WHEN c.type = 'scale' THEN floor(1 + random() * 5)::float8
                                    ELSE (random() < 0.8)::int::float8 END AS raw) AS r
    WHERE ${spec.withResults}`;
}
