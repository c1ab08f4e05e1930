import type { Db } from '../../db.js';

export interface PendingReview {
  transcriptionId: string;
  name: string | null;
  participantTag: string | null;
  score: number | null;
  recordedAt: Date;
  group: string | null;
}

/** One evaluator's critical fails waiting for review: how many, and the oldest few. */
export interface PendingReviewSection {
  evaluatorId: string | null;
  evaluatorTag: string | null;
  total: number;
  /** Oldest first, at most the cap. */
  oldest: PendingReview[];
}

/**
 * Critical fails waiting for review (the spec's pending_critical_reviews: group PENDING_REVIEW or
 * none), COMPLETED and not deleted upstream, per evaluator: each evaluator's count and its `cap`
 * oldest by recording date, in one query (a window per evaluator), so a backlog of thousands
 * reads only what the digest shows. Sections with the most pending come first.
 */
export async function findPendingReviews(db: Db, cap: number): Promise<PendingReviewSection[]> {
  const rows = await db.$queryRaw<
    {
      id: string;
      evaluator_id: string | null;
      evaluator_tag: string | null;
      participant_tag: string | null;
      name: string | null;
      score: number | null;
      recorded_at: Date;
      review_group: string | null;
      total: number;
    }[]
  >`
    SELECT id::text AS id, evaluator_id::text AS evaluator_id, evaluator_tag, participant_tag, name, score, recorded_at, review_group, total::int AS total
      FROM (
        SELECT t.*,
               row_number() OVER (PARTITION BY evaluator_id ORDER BY recorded_at, id) AS rank,
               count(*) OVER (PARTITION BY evaluator_id) AS total
          FROM hub_transcriptions t
         WHERE critical_fail AND status = 'COMPLETED' AND deleted_at IS NULL
           AND (review_group IS NULL OR review_group = 'PENDING_REVIEW')
      ) ranked
     WHERE rank <= ${cap}
     ORDER BY total DESC, evaluator_tag NULLS LAST, evaluator_id NULLS LAST, recorded_at, id`;
  const sections: PendingReviewSection[] = [];
  for (const row of rows) {
    let section = sections.at(-1);
    if (!section || section.evaluatorId !== row.evaluator_id) {
      section = { evaluatorId: row.evaluator_id, evaluatorTag: row.evaluator_tag, total: row.total, oldest: [] };
      sections.push(section);
    }
    section.oldest.push({
      transcriptionId: row.id,
      name: row.name,
      participantTag: row.participant_tag,
      score: row.score,
      recordedAt: row.recorded_at,
      group: row.review_group,
    });
  }
  return sections;
}
