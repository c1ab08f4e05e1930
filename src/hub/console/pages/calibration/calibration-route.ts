import type { Request, Router } from 'express';
import type { Db } from '../../../../db.js';
import type { HubContext } from '../../../hub-context.js';
import { benchmarkFromMajority, setCalibrationBenchmarks } from '../../../review/calibration/calibration-benchmark.js';
import { calibrationResultsCsv } from '../../../review/calibration/calibration-csv.js';
import { loadCalibrationView } from '../../../review/calibration/calibration-results.js';
import { closeCalibrationSession, createCalibrationSession } from '../../../review/calibration/calibration-session.js';
import { saveCalibrationVerdicts, submitCalibration } from '../../../review/calibration/calibration-verdicts.js';
import { listCalibrationSessions } from '../../../review/calibration/list-calibration-sessions.js';
import { toTurns, type Turn } from '../../../review/load-call.js';
import { AppError } from '../../../../lib/errors/app-error.js';
import { requireLead } from '../../auth/require-user.js';
import { consoleAction, listOf, parseInput, redirectWithFlash } from '../../console-form.js';
import { actorOf, frameOf, send } from '../../console-request.js';
import { parseCallId } from '../call/call-id.js';
import { benchmarkEntries, NewSessionForm, submittedSession, verdictFields } from './calibration-form.js';
import { calibrationListPage } from './calibration-list-view.js';
import { newSessionPage, type ReviewerChoice } from './calibration-new-view.js';
import { calibrationSessionPage } from './calibration-session-view.js';

const userIdOf = (req: Request) => req.session.user?.id ?? null;
/** A session id from the path: anything but a UUID is a session that does not exist. */
const sessionIdOf = (req: Request) => {
  try {
    return parseCallId(req.params.id);
  } catch {
    throw new AppError('not_found', 'No such calibration session');
  }
};
const sessionPath = (req: Request) => `/console/calibration/${sessionIdOf(req)}`;

/** Who may review: the active leads and admins, by name. */
const reviewerChoices = (db: Db): Promise<ReviewerChoice[]> =>
  db.hubConsoleUser.findMany({
    where: { isActive: true, role: { in: ['lead', 'admin'] } },
    orderBy: { name: 'asc' },
    select: { id: true, name: true, role: true },
  });

/** The session's transcripts, the turns only (no evaluation): what a blind reviewer reads. */
async function transcriptsOf(db: Db, callIds: string[]): Promise<Map<string, Turn[]>> {
  const rows = await db.hubTranscription.findMany({ where: { id: { in: callIds } }, select: { id: true, conversation: true } });
  return new Map(rows.map((r) => [r.id, toTurns(r.conversation)]));
}

/** /console/calibration (docs/console.md "Calibration"): sessions, blind scoring, results and benchmark. */
export function registerCalibration(router: Router, hub: HubContext): void {
  router.get('/calibration', async (req, res) => {
    const [sessions, reviewers] = await Promise.all([listCalibrationSessions(hub.db, userIdOf(req)), reviewerChoices(hub.db)]);
    send(res, calibrationListPage(frameOf(req), { sessions, reviewers }));
  });

  // From the review queue's "Calibrate selected": the form with those calls; nothing is created yet.
  router.post('/calibration/new', requireLead, async (req, res) => {
    const callIds = listOf((req.body as Record<string, unknown>).ids).map(parseCallId);
    send(res, newSessionPage(frameOf(req), { callIds, reviewers: await reviewerChoices(hub.db) }));
  });

  // A refused form is shown again with what was sent and why (400), so the calls picked on the
  // queue, the reviewers and the deadline are not lost (docs/console.md "Calibration").
  router.post('/calibration', requireLead, async (req, res) => {
    try {
      const form = parseInput(NewSessionForm, req.body, 'Cannot start the session');
      const session = await createCalibrationSession(hub, {
        title: form.title,
        transcriptionIds: form.calls,
        reviewerIds: form.reviewers,
        deadline: form.deadline,
        actor: actorOf(req),
      });
      const flash = `Session "${session.title}" started: each reviewer now scores its calls blind.`;
      await redirectWithFlash(req, res, { kind: 'ok', text: flash }, `/console/calibration/${session.id}`);
    } catch (error) {
      if (!(error instanceof AppError) || req.accepts(['html', 'json']) === 'json') throw error;
      const values = { ...submittedSession(req.body), reviewers: await reviewerChoices(hub.db) };
      send(res, newSessionPage(frameOf(req), values, error.message), 400);
    }
  });

  router.get('/calibration/:id', async (req, res) => {
    const view = await loadCalibrationView(hub.db, sessionIdOf(req), userIdOf(req));
    const isScoring = view.viewerIsReviewer && !view.viewerSubmitted && !view.revealed;
    const turns = isScoring
      ? await transcriptsOf(
          hub.db,
          view.calls.map((c) => c.transcriptionId),
        )
      : new Map<string, Turn[]>();
    send(res, calibrationSessionPage(frameOf(req), view, turns));
  });

  router.get('/calibration/:id/results.csv', async (req, res) => {
    const view = await loadCalibrationView(hub.db, sessionIdOf(req), userIdOf(req));
    if (!view.results) throw new AppError('conflict', 'The results are shown once every reviewer has submitted or the session is closed');
    res
      .type('text/csv')
      .attachment(`calibration-${view.id.slice(0, 8)}.csv`)
      .setHeader('Cache-Control', 'no-store')
      .send(calibrationResultsCsv(view));
  });

  const callForm = (req: Request) => `${sessionPath(req)}#call-${parseCallId(req.params.callId)}`;
  router.post(
    '/calibration/:id/calls/:callId',
    requireLead,
    consoleAction(callForm, async (req) => {
      const saved = await saveCalibrationVerdicts(hub, {
        sessionId: sessionIdOf(req),
        userId: userIdOf(req) ?? '',
        transcriptionId: parseCallId(req.params.callId),
        verdicts: verdictFields(req.body),
      });
      return { flash: `${saved} verdict${saved === 1 ? '' : 's'} saved on this call.`, to: callForm(req) };
    }),
  );

  router.post(
    '/calibration/:id/submit',
    requireLead,
    consoleAction(sessionPath, async (req) => {
      const outcome = await submitCalibration(hub, { sessionId: sessionIdOf(req), userId: userIdOf(req) ?? '', actor: actorOf(req) });
      return {
        flash: outcome.revealed
          ? 'Submitted: you were the last, the results are shown.'
          : 'Submitted: the results appear when every reviewer has.',
        to: sessionPath(req),
      };
    }),
  );

  router.post(
    '/calibration/:id/close',
    requireLead,
    consoleAction(sessionPath, async (req) => {
      await closeCalibrationSession(hub, { sessionId: sessionIdOf(req), actor: actorOf(req) });
      return { flash: 'Session closed: the results are shown.', to: sessionPath(req) };
    }),
  );

  router.post(
    '/calibration/:id/benchmark',
    requireLead,
    consoleAction(
      (req) => `${sessionPath(req)}#results-h`,
      async (req) => {
        const set = await setCalibrationBenchmarks(hub, {
          sessionId: sessionIdOf(req),
          entries: benchmarkEntries(req.body),
          actor: actorOf(req),
        });
        return { flash: `Benchmark saved (${set} cell${set === 1 ? '' : 's'}).`, to: `${sessionPath(req)}#results-h` };
      },
    ),
  );

  router.post(
    '/calibration/:id/majority',
    requireLead,
    consoleAction(
      (req) => `${sessionPath(req)}#results-h`,
      async (req) => {
        const set = await benchmarkFromMajority(hub, { sessionId: sessionIdOf(req), actor: actorOf(req) });
        return {
          flash:
            set === 0
              ? 'No empty cell has a majority: nothing was filled.'
              : `${set} benchmark cell${set === 1 ? '' : 's'} filled from the majority.`,
          to: `${sessionPath(req)}#results-h`,
        };
      },
    ),
  );
}
