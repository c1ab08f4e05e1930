import type { HubContext } from '../src/hub/hub-context.js';
import { remaskMirror } from '../src/hub/mirror/remask-mirror.js';
import type { JobHandler } from '../src/queues/job-handler.js';

/** `hub.remask-mirror`: hourly (clock). */
export function handleRemaskMirror(ctx: HubContext): JobHandler<'hub.remask-mirror'> {
  return async () => {
    const report = await remaskMirror(ctx);
    ctx.logger.info(report, 'mirrored rows masked again under the current rules');
  };
}
