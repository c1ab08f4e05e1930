import type { Router } from 'express';
import type { HubContext } from '../../../hub-context.js';
import { parseInput } from '../../console-form.js';
import { frameOf, send } from '../../console-request.js';
import { failedCallsPage } from './failed-calls-view.js';
import { FailedCallsQuery, listFailedCalls } from './failed-calls.js';

/** The Failed calls page (/console/failed), for every signed-in role. */
export function registerFailedCalls(router: Router, hub: HubContext): void {
  router.get('/failed', async (req, res) => {
    const { before } = parseInput(FailedCallsQuery, req.query, 'Invalid page');
    send(res, failedCallsPage(frameOf(req), await listFailedCalls(hub.db, before)));
  });
}
