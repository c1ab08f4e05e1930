import type { Router } from 'express';
import { z } from 'zod';
import type { HubContext } from '../../../hub-context.js';
import { remirrorTranscription } from '../../../mirror/remirror-transcription.js';
import { listQuarantined } from '../../../mirror/quarantine.js';
import { readReconcileRuns } from '../../../mirror/sync-state.js';
import { countReceiptOutcomes, listReceipts, listRejections, type RejectionOutcome } from '../../../webhooks/receipt-log.js';
import { requireAdmin } from '../../auth/require-user.js';
import { consoleAction, parseInput } from '../../console-form.js';
import { frameOf, send } from '../../console-request.js';
import { receiptsPage, receiptsQuery } from './receipts-view.js';
import { ReceiptFilters, TranscriptionId } from './receipt-filters.js';

const RemirrorInput = z.object({ transcription_id: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), TranscriptionId) });

/** The outcome counts cover this window. */
const countWindowMs = 86_400_000;

/**
 * The Receipts page (/console/receipts): webhooks received by the hub with their verification
 * outcome and the mirror job each became, refused ones, the reconciliation's last runs; admins
 * re-mirror a transcription.
 */
export function registerReceipts(router: Router, hub: HubContext): void {
  router.get('/receipts', async (req, res) => {
    const filters = parseInput(ReceiptFilters, req.query, 'Invalid filter');
    const showReceipts = !filters.outcome || filters.outcome === 'accepted' || filters.outcome === 'duplicate';
    // Refused webhooks name no transcription they could be trusted for: hidden when filtering by one.
    const showRejections =
      !filters.transcription && (!filters.outcome || (filters.outcome !== 'accepted' && filters.outcome !== 'duplicate'));
    const since = new Date(hub.now().getTime() - countWindowMs);
    const [counts, receipts, rejections, runs, quarantined] = await Promise.all([
      countReceiptOutcomes(hub.db, since),
      showReceipts
        ? listReceipts(hub, {
            transcriptionId: filters.transcription,
            duplicatesOnly: filters.outcome === 'duplicate',
            cursor: filters.cursor,
            limit: 50,
          })
        : null,
      showRejections ? listRejections(hub.db, { outcome: filters.outcome as RejectionOutcome | undefined, limit: 50 }) : null,
      readReconcileRuns(hub.db),
      listQuarantined(hub.db, { limit: 50 }),
    ]);
    send(res, receiptsPage(frameOf(req), { filters, counts, since, receipts, rejections, runs: runs.slice(0, 10), quarantined }));
  });

  router.post(
    '/receipts/remirror',
    requireAdmin,
    consoleAction('/console/receipts', async (req) => {
      const { transcription_id: id } = parseInput(RemirrorInput, req.body, 'Cannot re-mirror');
      const { jobId, replaced } = await remirrorTranscription(hub.jobs, id);
      hub.logger.info({ transcriptionId: id, jobId, userId: req.session.user?.id }, 'console: transcription re-mirrored');
      return {
        flash: `Mirror of ${id} queued (job ${jobId}${replaced ? ', replacing the finished one' : ''}): the worker fetches its latest state from the upstream.`,
        to: `/console/receipts${receiptsQuery({ transcription: id })}`,
      };
    }),
  );
}
