import { stringify } from 'csv-stringify/sync';
import type { Request, Router } from 'express';
import { z } from 'zod';
import { safeReturnPath } from '../../auth/sign-in.js';
import type { HubContext } from '../../../hub-context.js';
import { listSubjectChoices, type SubjectChoices } from '../../../mirror/subject-choices.js';
import { assignCalls, listReviewers } from '../../../review/assignment/assign-calls.js';
import { CallFilters, callsSelect, findCalls, type CallRow } from '../../../review/find-calls.js';
import { requireLead } from '../../auth/require-user.js';
import { consoleAction, parseInput } from '../../console-form.js';
import type { ConsoleOptions } from '../../console-options.js';
import { frameOf, send } from '../../console-request.js';
import { parseSelectedCallIds } from '../call/call-id.js';
import { callsPage } from './calls-view.js';

const Reviewer = z.guid({ error: 'choose a reviewer' }).transform((v) => v.toLowerCase());

/** The signed-in user's id (requireUser runs before every page route). */
const viewerOf = (req: Request): string => (req.session.user as NonNullable<Request['session']['user']>).id;

/** Rows in one CSV export: the whole filtered view up to this many (the page says so). */
export const csvExportLimit = 50_000;

const csvColumns = [
  'id',
  'name',
  'recorded_at',
  'participant',
  'evaluator',
  'duration_s',
  'score',
  'critical_fail',
  'group',
  'assignee',
  'matching_line',
];
const csvRow = (r: CallRow) => [
  r.id,
  r.name ?? '',
  r.recordedAt.toISOString(),
  r.participantTag ?? '',
  r.evaluatorTag ?? '',
  r.duration ?? '',
  r.inCalibration ? 'in calibration' : (r.score ?? ''),
  r.inCalibration ? 'in calibration' : r.criticalFail === null ? '' : r.criticalFail ? 'yes' : 'no',
  r.group ?? '',
  r.assignee ?? '',
  r.matchLine?.replaceAll('[[[', '').replaceAll(']]]', '') ?? '',
];

/** Seconds the pickers' names are kept per process: reading them scans the whole mirror. */
const choicesTtlMs = 5_000;

/** The evaluator and participant pickers' names, shared by this process's requests for a few seconds. */
function cachedSubjectChoices(hub: HubContext): () => Promise<SubjectChoices> {
  let cached: { at: number; value: Promise<SubjectChoices> } | null = null;
  return () => {
    const now = hub.now().getTime();
    if (!cached || now - cached.at > choicesTtlMs) {
      const value = listSubjectChoices(hub.db);
      const entry = { at: now, value };
      cached = entry;
      value.catch(() => {
        if (cached === entry) cached = null;
      });
    }
    return cached.value;
  };
}

/** The calls page (/console/calls) and its CSV export (/console/calls.csv, the same filters), for every signed-in role. */
export function registerCalls(router: Router, hub: HubContext, options: ConsoleOptions): void {
  const subjectChoices = cachedSubjectChoices(hub);
  router.get('/calls', async (req, res) => {
    const filters = parseInput(CallFilters, req.query, 'Invalid filter');
    const [page, choices, reviewers] = await Promise.all([
      findCalls(options.pool, filters, viewerOf(req)),
      subjectChoices(),
      listReviewers(options.pool),
    ]);
    send(res, callsPage(frameOf(req), filters, page, { ...choices, reviewers }));
  });

  router.get('/calls.csv', async (req, res) => {
    // The export is the filtered view from its first row, whatever page the link was on.
    const filters = { ...parseInput(CallFilters, req.query, 'Invalid filter'), after: undefined };
    const query = callsSelect(filters, viewerOf(req), csvExportLimit);
    const rows = (await options.pool.query<CallRow>({ text: query.text, values: query.values })).rows;
    res
      .status(200)
      .type('text/csv')
      .setHeader('Cache-Control', 'no-store')
      .attachment(`calls-${filters.tab}.csv`)
      .send(stringify([csvColumns, ...rows.map(csvRow)], { escape_formulas: true }));
  });

  router.post(
    '/calls/assign',
    requireLead,
    consoleAction('/console/calls', async (req) => {
      const body = req.body as Record<string, unknown>;
      const ids = parseSelectedCallIds(body);
      const reviewerId = body.reviewer === 'nobody' ? null : parseInput(Reviewer, body.reviewer, 'Choose a reviewer');
      const count = await assignCalls(hub.db, { ids, reviewerId, by: viewerOf(req), now: hub.now() });
      const to = safeReturnPath(body.return_to);
      return { flash: `${count} call${count === 1 ? '' : 's'} ${reviewerId ? 'assigned' : 'unassigned'}.`, to };
    }),
  );
}
