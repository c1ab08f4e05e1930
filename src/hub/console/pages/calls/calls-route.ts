import { stringify } from 'csv-stringify/sync';
import type { Router } from 'express';
import type { HubContext } from '../../../hub-context.js';
import { listSubjectChoices } from '../../../mirror/subject-choices.js';
import { CallFilters, callsSelect, findCalls, type CallRow } from '../../../review/find-calls.js';
import { parseInput } from '../../console-form.js';
import type { ConsoleOptions } from '../../console-options.js';
import { frameOf, send } from '../../console-request.js';
import { callsPage } from './calls-view.js';

/** Rows in one CSV export: the whole filtered view up to this many (the page says so). */
export const csvExportLimit = 50_000;

const csvColumns = ['id', 'name', 'recorded_at', 'participant', 'evaluator', 'duration_s', 'score', 'critical_fail', 'group', 'matching_line'];
const csvRow = (r: CallRow) => [
  r.id,
  r.name ?? '',
  r.recordedAt.toISOString(),
  r.participantTag ?? '',
  r.evaluatorTag ?? '',
  r.duration ?? '',
  r.score ?? '',
  r.criticalFail === null ? '' : r.criticalFail ? 'yes' : 'no',
  r.group ?? '',
  r.matchLine?.replaceAll('[[[', '').replaceAll(']]]', '') ?? '',
];

/** The calls page (/console/calls) and its CSV export (/console/calls.csv, the same filters), for every signed-in role. */
export function registerCalls(router: Router, hub: HubContext, options: ConsoleOptions): void {
  router.get('/calls', async (req, res) => {
    const filters = parseInput(CallFilters, req.query, 'Invalid filter');
    const [page, choices] = await Promise.all([findCalls(options.pool, filters), listSubjectChoices(hub.db)]);
    send(res, callsPage(frameOf(req), filters, page, choices));
  });

  router.get('/calls.csv', async (req, res) => {
    // The export is the filtered view from its first row, whatever page the link was on.
    const filters = { ...parseInput(CallFilters, req.query, 'Invalid filter'), after: undefined };
    const query = callsSelect(filters, csvExportLimit);
    const rows = (await options.pool.query<CallRow>({ text: query.text, values: query.values })).rows;
    res
      .status(200)
      .type('text/csv')
      .setHeader('Cache-Control', 'no-store')
      .attachment(`calls-${filters.tab}.csv`)
      .send(stringify([csvColumns, ...rows.map(csvRow)], { escape_formulas: true }));
  });
}
