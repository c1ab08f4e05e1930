import type { HubContext } from '../src/hub/hub-context.js';
import { reconcileMirror } from '../src/hub/mirror/reconcile-mirror.js';
import { recordReconcileRun } from '../src/hub/mirror/sync-state.js';
import { rootMessage } from '../src/lib/errors/cause-chain.js';
import type { JobHandler } from '../src/queues/job-handler.js';

/** `hub.reconcile`: on the clock's schedule (HUB_RECONCILE_CRON) and on demand. */
export function handleReconcile(ctx: HubContext): JobHandler<'hub.reconcile'> {
  return async () => {
    let report;
    try {
      report = await reconcileMirror(ctx);
    } catch (error) {
      // Kept for the admin API's run history; the job still fails (and is retried or kept failed).
      await recordReconcileRun(ctx.db, { ok: false, lastReconcileAt: ctx.now().toISOString(), error: rootMessage(error) }).catch(
        () => undefined,
      );
      throw error;
    }
    ctx.logger.info(report, 'mirror reconciled');
  };
}
