/**
 * The console's pickers offer evaluators and participants by name: with more subjects mirrored than
 * the picker holds, the ones with the most recently mirrored calls are offered (the one a lead has
 * just seen alerted is always there), listed by name.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSubjectChoices } from '../../../src/hub/mirror/subject-choices.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { closeInOrder } from '../../support/close-in-order.js';

let h: Harness;
beforeAll(() => {
  h = createHarness();
});
afterAll(() => closeInOrder(h));

function mirroredRow(evaluatorTag: string, mirroredAt: Date) {
  return {
    id: crypto.randomUUID(),
    recordedAt: new Date('2026-01-10T12:00:00Z'),
    mirroredAt,
    status: 'COMPLETED',
    configurationId: crypto.randomUUID(),
    evaluatorId: crypto.randomUUID(),
    evaluatorTag,
    participantId: crypto.randomUUID(),
    participantTag: `agent ${evaluatorTag}`,
  };
}

describe('subject choices', () => {
  it('offers the most recently mirrored subjects, by name, when there are more than it holds', async () => {
    const now = Date.now();
    // "Aaa…" names sort first but were mirrored long ago; the fresh ones (an hour ahead, so that no
    // other file's rows in a shared database come after them) sort last by name.
    const stale = Array.from({ length: 5 }, (_, i) => mirroredRow(`Aaa stale ${i}`, new Date(now - 86_400_000 * (i + 30))));
    const fresh = [
      mirroredRow('Zzz fresh b', new Date(now + 3_600_000 + 2000)),
      mirroredRow('Zzz fresh a', new Date(now + 3_600_000 + 1000)),
    ];
    await h.db.hubTranscription.createMany({ data: [...stale, ...fresh] });

    const choices = await listSubjectChoices(h.db, 2);
    expect(choices.evaluators).toEqual([
      { id: fresh[1].evaluatorId, name: 'Zzz fresh a' },
      { id: fresh[0].evaluatorId, name: 'Zzz fresh b' },
    ]);
    expect(choices.participants.map((p) => p.name)).toEqual(['agent Zzz fresh a', 'agent Zzz fresh b']);
  });
});
