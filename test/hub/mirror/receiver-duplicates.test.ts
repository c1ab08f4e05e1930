import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Harness } from '../../support/harness.js';
import { hubStackForFile, type HubStack } from '../../support/hub-stack.js';
import { signedTranscriptionWebhook } from '../../support/signed-webhook-headers.js';

/**
 * Forty identical signed webhooks sent at once must get exactly one
 * `duplicate: false`, however the receiver's batches split them (batches run concurrently).
 */
let h: Harness;
let stack: HubStack;

hubStackForFile((harness, started) => {
  h = harness;
  stack = started;
});

describe('the receipt duplicate flag under concurrency', () => {
  it('forty identical webhooks at once: exactly one duplicate false, every one acknowledged, one receipt', async () => {
    const receiverUrl = `${stack.baseUrl.replace(/\/api$/, '')}/webhooks/transcriptions/success`;
    for (let round = 0; round < 5; round += 1) {
      const transcriptionId = randomUUID();
      const hook = signedTranscriptionWebhook(stack.account.webhookSecret, transcriptionId);
      const answers = await Promise.all(
        Array.from({ length: 40 }, async () => {
          const res = await fetch(receiverUrl, { method: 'POST', headers: hook.headers, body: hook.body });
          return { status: res.status, body: (await res.json()) as { data: { received: boolean; duplicate: boolean } } };
        }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 40 }, () => 202));
      expect(answers.filter((a) => !a.body.data.duplicate)).toHaveLength(1);
      expect(await h.db.hubWebhookReceipt.count({ where: { transcriptionId } })).toBe(1);
      // And once acknowledged, a later repeat is a duplicate too.
      const later = await fetch(receiverUrl, { method: 'POST', headers: hook.headers, body: hook.body });
      expect(await later.json()).toEqual({ data: { received: true, duplicate: true } });
    }
  });
});
