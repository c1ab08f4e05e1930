import type { HubContext } from '../src/hub/hub-context.js';
import { closeDueCalibrationSessions } from '../src/hub/review/calibration/calibration-session.js';
import type { JobHandler } from '../src/queues/job-handler.js';

/** `hub.close-due-calibrations`: every minute, reveals the calibration sessions past their deadline. */
export function handleCloseDueCalibrations(ctx: HubContext): JobHandler<'hub.close-due-calibrations'> {
  return async () => {
    const closed = await closeDueCalibrationSessions(ctx);
    if (closed) ctx.logger.info({ closed }, 'calibration sessions closed at their deadline');
  };
}
