import type { Prisma } from '../../generated/prisma/client.js';

/**
 * Takes, for the rest of the transaction, the lock that serialises every write of one mirrored
 * transcription (writeMirror, the local re-mask), so two writers of the same row never interleave.
 */
export async function lockMirroredTranscription(tx: Prisma.TransactionClient, transcriptionId: string): Promise<void> {
  await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`convoqa:mirror:${transcriptionId}`}))::text`;
}
