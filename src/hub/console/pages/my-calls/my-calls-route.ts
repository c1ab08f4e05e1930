import type { Router } from 'express';
import type { HubContext } from '../../../hub-context.js';
import { viewerOf } from '../../auth/agent-access.js';
import { frameOf, send } from '../../console-request.js';
import { listMyCalls } from './my-calls.js';
import { myCallsPage } from './my-calls-view.js';

/** /console/my-calls (docs/console.md "Roles"): an agent's calls. */
export function registerMyCalls(router: Router, hub: HubContext): void {
  router.get('/my-calls', async (req, res) => {
    send(res, myCallsPage(frameOf(req), await listMyCalls(hub.db, viewerOf(res))));
  });
}
