import type { Router } from 'express';
import { AppError } from '../../lib/errors/app-error.js';
import type { HubContext } from '../hub-context.js';
import { DashboardFilters, loadDashboardFigures } from '../review/dashboard-figures.js';
import { frameOf, send } from './console-request.js';
import { dashboardPage } from './pages/dashboard-page.js';

export function registerDashboard(router: Router, hub: HubContext): void {
  const exportSettings = hub.settings.reports.export;
  const sheetsUrl = exportSettings.kind === 'sheets' ? `https://docs.google.com/spreadsheets/d/${encodeURIComponent(exportSettings.spreadsheetId)}` : null;
  router.get('/dashboard', async (req, res) => {
    const filters = DashboardFilters.safeParse(req.query);
    if (!filters.success) throw new AppError('invalid_value', `Invalid filter: ${filters.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const figures = await loadDashboardFigures(hub.db, filters.data, hub.now());
    send(res, dashboardPage(frameOf(req), filters.data, figures, { sheetsUrl }));
  });
}
