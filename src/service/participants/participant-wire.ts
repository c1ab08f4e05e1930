import type { Participant } from '../../contract/participants.js';
import type { Participant as ParticipantRow } from '../../generated/prisma/client.js';
import { formatTimestamp } from '../format-timestamp.js';

export function toParticipantWire(row: ParticipantRow): Participant {
  return {
    participant_id: row.id,
    tag: row.tag,
    metadata: row.metadata as Record<string, string>,
    created_at: formatTimestamp(row.createdAt),
    updated_at: formatTimestamp(row.updatedAt),
  };
}
