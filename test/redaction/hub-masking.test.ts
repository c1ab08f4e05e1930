/**
 * The hub's masking of what it keeps and sends (docs/redaction.md, "The hub"), on answers made by
 * hand: an unfinished transcription's raw answer (kept as upstream_answer), and an export table's
 * text cells (a reviewer's note); ids and timestamps stay as they are.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UpstreamTranscription } from '../../src/hub/client/answers/upstream-transcription.js';
import { defaultHubRedactionPolicies } from '../../src/hub/redaction/hub-redaction-settings.js';
import { maskTranscription } from '../../src/hub/redaction/mask-transcription.js';
import { maskReportTable } from '../../src/hub/reports/export/mask-report-table.js';

const settings = { policies: [...defaultHubRedactionPolicies], substitution: 'entity_name' as const };
const card = '4539 1488 0343 6467';

describe("the hub's masking", () => {
  it("masks an unfinished transcription's readable members and the raw answer kept beside them", () => {
    const id = randomUUID();
    const raw = {
      transcription_id: id,
      status: 'FAILED',
      name: `refund to card ${card}`,
      details: {
        created_at: '2026-11-02T10:00:00.000Z',
        conversation: { segments: [{ speaker: 'B', text: `my card number is ${card}` }] },
        vendor_note: { text: `card ${card}` },
      },
    };
    const masked = maskTranscription(UpstreamTranscription.parse(raw), settings);
    expect(masked.name).toBe('refund to card [CREDIT_CARD_NUMBER]');
    expect(masked.details.conversation?.segments[0]?.text).toBe('my card number is [CREDIT_CARD_NUMBER]');
    expect(masked.raw).toEqual({
      ...raw,
      name: masked.name,
      details: {
        ...raw.details,
        conversation: { segments: [{ speaker: 'B', text: 'my card number is [CREDIT_CARD_NUMBER]' }] },
        vendor_note: { text: 'card [CREDIT_CARD_NUMBER]' },
      },
    });
    expect(Object.keys(masked)).not.toContain('raw');
  });

  it('masks the text cells of an export table, read after their column, and leaves ids alone', () => {
    const id = randomUUID();
    const table = {
      name: 't',
      header: ['id', 'score', 'notes'],
      rows: [
        [id, 40, `customer read ${card} aloud`],
        [randomUUID(), 90, null],
      ],
    };
    expect(maskReportTable(table, settings).rows).toEqual([
      [id, 40, 'customer read [CREDIT_CARD_NUMBER] aloud'],
      [table.rows[1][0], 90, null],
    ]);
    expect(maskReportTable(table, { ...settings, policies: [] })).toBe(table);
  });
});
