import type { Router } from 'express';
import type { HubContext } from '../../../hub-context.js';
import { DashboardFilters, loadDashboardFigures } from '../../../review/dashboard-figures.js';
import { parseInput } from '../../console-form.js';
import { frameOf, send } from '../../console-request.js';
import { dashboardPage } from './dashboard-view.js';

export function registerDashboard(router: Router, hub: HubContext): void {
  const exportSettings = hub.settings.reports.export;
  const sheetsUrl = exportSettings.kind === 'sheets' ? `https://docs.google.com/spreadsheets/d/${encodeURIComponent(exportSettings.spreadsheetId)}` : null;
  router.get('/dashboard', async (req, res) => {
    const filters = parseInput(DashboardFilters, req.query, 'Invalid filter');
    const figures = await loadDashboardFigures(hub.db, filters, hub.now());
    send(res, dashboardPage(frameOf(req), filters, figures, { sheetsUrl }));
  });
}
