import type { Prisma } from '../../generated/prisma/client.js';
import type { UpstreamTranscription } from '../client/index.js';

/**
 * Called inside the mirror's transaction (the alerts outbox writes here). It may return work to
 * run once the transaction has committed, such as queueing the job that sends what it wrote: a
 * job queued inside the transaction could run before the row it needs is visible.
 */
export type MirrorHook = (
  tx: Prisma.TransactionClient,
  mirrored: UpstreamTranscription,
  previous: { status: string; group: string | null; criticalFail: boolean | null } | null,
) => Promise<void | AfterCommit>;

/** Work a hook asks for after the commit. A failure is logged, not thrown: what the hook wrote is durable, and its own sweeper finishes the job. */
export type AfterCommit = () => Promise<void>;
