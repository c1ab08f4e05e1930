import type { Router } from 'express';
import type { HubContext } from '../../../hub-context.js';
import { loadAiHumanKappa } from '../../../review/agreement/ai-human-agreement.js';
import { DashboardFilters, loadDashboardFigures } from '../../../review/dashboard-figures.js';
import { lastMomentOfDay, startOfDay } from '../../../review/day-filter.js';
import { loadDisputeFigures } from '../../../review/disputes/list-disputes.js';
import { parseInput } from '../../console-form.js';
import { frameOf, send } from '../../console-request.js';
import { dashboardPage } from './dashboard-view.js';

export function registerDashboard(router: Router, hub: HubContext): void {
  const exportSettings = hub.settings.reports.export;
  const sheetsUrl =
    exportSettings.kind === 'sheets' ? `https://docs.google.com/spreadsheets/d/${encodeURIComponent(exportSettings.spreadsheetId)}` : null;
  router.get('/dashboard', async (req, res) => {
    const filters = parseInput(DashboardFilters, req.query, 'Invalid filter');
    const figures = await loadDashboardFigures(hub.db, filters, hub.now());
    const range = {
      start: startOfDay(figures.range.from),
      end: lastMomentOfDay(figures.range.to),
      ...(filters.evaluator ? { evaluator: filters.evaluator } : {}),
    };
    const [kappa, disputes] = await Promise.all([loadAiHumanKappa(hub.db, range), loadDisputeFigures(hub.db, range)]);
    send(res, dashboardPage(frameOf(req), filters, figures, { sheetsUrl, review: { kappa, disputes } }));
  });
}
