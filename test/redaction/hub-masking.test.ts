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
import { entryOfRejectedRow, quarantineKey } from '../../src/hub/mirror/quarantine.js';
import { maskReportTable } from '../../src/hub/reports/export/mask-report-table.js';
import { transcriptionWire } from '../fakes/wire-fixtures.js';
import { cardReadInGroups, leakedSecrets } from './payment-call.js';

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
        error: { code: 'extraction_failed', message: `could not read card_number value "${card}" as a string` },
      },
    };
    const masked = maskTranscription(UpstreamTranscription.parse(raw), settings);
    expect(masked.name).toBe('refund to card [CREDIT_CARD_NUMBER]');
    expect(masked.details.conversation?.segments[0]?.text).toBe('my card number is [CREDIT_CARD_NUMBER]');
    expect(masked.details.error).toEqual({
      code: 'extraction_failed',
      message: 'could not read card_number value "[CREDIT_CARD_NUMBER]" as a string',
    });
    expect(masked.raw).toEqual({
      ...raw,
      name: masked.name,
      details: {
        ...raw.details,
        conversation: { segments: [{ speaker: 'B', text: 'my card number is [CREDIT_CARD_NUMBER]' }] },
        vendor_note: { text: 'card [CREDIT_CARD_NUMBER]' },
        error: masked.details.error,
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

  it("masks the caller's answers to the agent's questions, a card read over several turns, and a quote that repeats them", () => {
    const segments = [
      'Can I take the card number?',
      ...cardReadInGroups,
      'And the expiry date?',
      'Oh eight twenty seven.',
      'And the last three digits on the back, the security code?',
      'Seven three nine.',
      'Your ticket number is 1234 and the refund takes 3 to 5 working days.',
    ].map((text, i) => ({ speaker: i % 2 ? 'B' : 'A', text }));
    const wire = transcriptionWire();
    const raw = {
      ...wire,
      details: {
        ...wire.details,
        conversation: { segments },
        summary: { text: 'The caller paid; the code was 739.' },
        evaluation: {
          score: 0,
          critical_fail: true,
          status: 'COMPLETED',
          breakdown: {
            evaluator_id: randomUUID(),
            evaluator_tag: 'Payments',
            generated_at: '2026-02-03T14:35:00.000Z',
            language_used: 'en',
            final_score: 0,
            critical_fail_triggered: true,
            summary_feedback: 'Read back 739 to the caller.',
            results: [
              {
                criteria_id: randomUUID(),
                name: 'No card details read back',
                type: 'strict',
                max_weight: 0,
                score_raw_ai: 0,
                score_obtained: 0,
                status: 'FAIL',
                reasoning: 'The caller gave the code seven three nine and the agent repeated one four eight eight.',
                quote: 'Seven three nine.',
                feedback: 'Never repeat 0827 back.',
              },
            ],
          },
        },
      },
    };
    const masked = maskTranscription(UpstreamTranscription.parse(raw), settings);
    expect(leakedSecrets(JSON.stringify({ masked, raw: masked.raw }), ['card', 'expiry', 'securityCode'])).toEqual([]);
    expect(masked.details.summary).toEqual({ text: 'The caller paid; the code was [CREDIT_CARD_CVV].' });
    expect(masked.details.evaluation?.breakdown?.results[0]?.quote).toBe('[CREDIT_CARD_CVV].');
    expect(masked.details.conversation?.segments.at(-1)?.text).toBe('Your ticket number is 1234 and the refund takes 3 to 5 working days.');
  });

  it('keeps a quarantined list row masked, under the key of the row as it came', () => {
    const raw = { transcription_id: 'not-a-uuid', name: `refund to card ${card}`, status: 'COMPLETED' };
    const issues = [{ path: 'transcription_id', message: 'Invalid UUID' }];
    const entry = entryOfRejectedRow('list-transcriptions', { index: 0, id: null, issues, raw }, settings);
    expect(entry.raw).toEqual({ ...raw, name: 'refund to card [CREDIT_CARD_NUMBER]' });
    expect(entry.itemKey).toBe(quarantineKey(null, raw));
  });
});
