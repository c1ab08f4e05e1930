import type { HubContext } from '../src/hub/hub-context.js';
import { reconcileMirror } from '../src/hub/mirror/reconcile-mirror.js';
import type { JobHandler } from '../src/queues/job-handler.js';

/** `hub.reconcile`: on the clock's schedule (HUB_RECONCILE_CRON) and on demand. */
export function handleReconcile(ctx: HubContext): JobHandler<'hub.reconcile'> {
  return async () => {
    const report = await reconcileMirror(ctx);
    ctx.logger.info(report, 'mirror reconciled');
  };
}
