/**
 * A mirrored row masked under older rules, narrower policies or none at all (mirrored before
 * redaction existed) is mirrored again by reconciliation, so it ends masked as a new one would be
 * (docs/redaction.md, "The hub").
 */
import { describe, expect, it } from 'vitest';
import { reconcileMirror } from '../../../src/hub/mirror/reconcile-mirror.js';
import { writeMirror } from '../../../src/hub/mirror/mirror-transcription.js';
import { HUB_REDACTION_VERSION } from '../../../src/hub/redaction/redaction-version.js';
import type { Harness } from '../../support/harness.js';
import { scratchHubStackForFile, type HubStack } from '../../support/hub-stack.js';
import { seedTranscription } from '../../support/seed.js';
import { eventually } from '../../support/webhook-receiver.js';

// Reconciliation reads the hub's tables as a whole: a database of this file's own.
let h: Harness;
let stack: HubStack;
scratchHubStackForFile('remask_older_rows', (harness, started) => {
  h = harness;
  stack = started;
  h.startWorker({ hub: { upstream: () => Promise.resolve(stack.client) } });
});

const card = '4539 1488 0343 6467';

describe('a row masked under older rules', () => {
  it('is mirrored again by reconciliation and ends masked; a row masked under the current rules is left', async () => {
    const segments = [{ speaker: 'B', text: `my card number is ${card}` }];
    const old = await seedTranscription(h.db, stack.account.id, {
      status: 'COMPLETED',
      name: 'Old call',
      completedAt: new Date(),
      conversation: { segments },
    });
    const current = await seedTranscription(h.db, stack.account.id, {
      status: 'COMPLETED',
      name: 'New call',
      completedAt: new Date(),
      conversation: { segments },
    });
    for (const { id } of [old, current]) await writeMirror(stack.hub, await stack.client.getTranscription({ transcription_id: id }));
    // As an upgraded hub finds a row it mirrored before redaction existed.
    await h.db.hubTranscription.update({
      where: { id: old.id },
      data: { conversation: { segments }, redactionPolicies: [], redactionVersion: 0 },
    });
    const masked = await h.db.hubTranscription.findUniqueOrThrow({ where: { id: current.id } });
    expect(masked.redactionVersion).toBe(HUB_REDACTION_VERSION);

    const report = await reconcileMirror(stack.hub);
    expect(report.queuedChanged).toBe(1);
    await eventually(async () => {
      const row = await h.db.hubTranscription.findUniqueOrThrow({ where: { id: old.id } });
      return row.redactionVersion === HUB_REDACTION_VERSION ? row : undefined;
    }, 20_000);
    const row = await h.db.hubTranscription.findUniqueOrThrow({ where: { id: old.id } });
    expect(JSON.stringify(row.conversation)).toContain('my card number is [CREDIT_CARD_NUMBER]');
    expect(JSON.stringify(row.conversation)).not.toContain('4539');
    expect((await h.db.hubTranscription.findUniqueOrThrow({ where: { id: current.id } })).mirroredAt).toEqual(masked.mirroredAt);
  });
});
