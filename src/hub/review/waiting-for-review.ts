import { Prisma } from '../../generated/prisma/client.js';

/**
 * A call waiting for a human (docs/console.md "Pages"): a critical fail or a sampled call,
 * not deleted upstream, in group Pending review or none. The same predicate as the partial index
 * hub_transcriptions_console_queue_idx; `t` is the alias of hub_transcriptions.
 */
export const waitingForReview = Prisma.sql`(t.critical_fail OR t.sampled) AND t.deleted_at IS NULL AND (t.review_group IS NULL OR t.review_group = 'PENDING_REVIEW')`;
