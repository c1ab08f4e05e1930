import type { Request, Router } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { AppError } from '../../../../lib/errors/app-error.js';
import type { HubContext } from '../../../hub-context.js';
import { callViewOf } from '../../../review/load-call.js';
import { readCallBundle } from '../../../review/read-call-bundle.js';
import { movableGroups, moveGroups } from '../../../review/move-groups.js';
import type { QueueChoicesCache } from '../../../review/queue-choices-cache.js';
import { addNote, clearOverride, overrideCriterion } from '../../../review/record-verdict.js';
import { requireLead } from '../../auth/require-user.js';
import { consoleAction } from '../../console-form.js';
import { actorOf, frameOf, send } from '../../console-request.js';
import { textField } from '../../form-text.js';
import { viewerOf } from '../../auth/agent-access.js';
import { asSeenByAgent, callWorkflowsOf } from '../call-workflows/call-workflows.js';
import { blindCallPage } from '../call-workflows/call-workflows-view.js';
import { parseCallId } from './call-id.js';
import { callPage } from './call-view.js';
import { audioPlayer } from '../../ui/audio-player.js';
import type { CallRecordings } from './recording/call-recordings.js';
import { playerAvailability } from './recording/player-availability.js';
import { registerRecordingRoute } from './recording/recording-route.js';
import { findListNeighbours } from '../../../review/list-neighbours.js';
import { safeReturnPath } from '../../auth/sign-in.js';
import { callInList, fromQuery } from '../../ui/list-link.js';

/** The list a call was opened from (its `from`), the review queue when none or not a console path. */
const listOf = (from: unknown): string => safeReturnPath(from);
const userIdOf = (req: Request): string => (req.session.user as NonNullable<Request['session']['user']>).id;

/** The URL of the call after `id` in `list` ("Save and next"), or null at the end of the list. */
async function nextInList(pool: pg.Pool, id: string, list: string, viewerId: string): Promise<string | null> {
  const loop = await findListNeighbours(pool, list, id, viewerId);
  return loop?.next ? callInList(loop.next, list) : null;
}

/** The call view (/console/calls/:id): the recording, the transcript and verdicts, group moves, overrides and notes. */
export function registerCall(
  router: Router,
  hub: HubContext,
  choices: QueueChoicesCache,
  recordings: CallRecordings | undefined,
  pool: pg.Pool,
): void {
  registerRecordingRoute(router, hub, recordings);
  router.get('/calls/:id', async (req, res) => {
    const id = parseCallId(req.params.id);
    const list = listOf(req.query.from);
    // Two statements side by side: the call's rows in one, its neighbours in the list in the other.
    const [bundle, neighbours] = await Promise.all([
      readCallBundle(pool, id, userIdOf(req)),
      findListNeighbours(pool, list, id, userIdOf(req)),
    ]);
    if (!bundle) throw new AppError('not_found', `No mirrored call ${req.params.id}: it may not have reached the hub yet`);
    const view = callViewOf(bundle);
    // A reviewer still scoring the call in a calibration session sees its transcript only (docs/console.md "Calibration").
    if (bundle.blind) return send(res, blindCallPage(frameOf(req), view.transcription, view.turns, bundle.blind));
    const workflows = callWorkflowsOf(bundle, viewerOf(res));
    const loop = neighbours ?? { list, previous: null, next: null };
    const player = audioPlayer(playerAvailability(view.transcription.id, Boolean(recordings), view.transcription.deletedAt));
    send(res, callPage(frameOf(req), workflows.isAgent ? asSeenByAgent(view) : view, player, workflows, loop));
  });

  // A refused or failed move is flashed on the call it was made from (docs/console.md "Group moves, human verdicts").
  const callOf = (req: Request) => callInList(parseCallId(req.params.id), listOf((req.body as Record<string, unknown>).from));
  router.post(
    '/calls/:id/group',
    requireLead,
    consoleAction(callOf, async (req) => {
      const id = parseCallId(req.params.id);
      const group = z.enum(movableGroups).safeParse((req.body as Record<string, unknown>).group);
      if (!group.success) throw new AppError('invalid_value', 'Choose Pending review, Under review or Archived');
      const outcome = await moveGroups(hub, [id], group.data, actorOf(req));
      choices.clear();
      const failure = outcome.failed[0];
      if (failure) throw new AppError('unavailable', `The group was not changed: ${failure.message}`);
      return { flash: 'Group changed upstream and in the hub.', to: callOf(req) };
    }),
  );

  // A refused verdict (a blank reason, say) is flashed on the call, back at the criterion's form,
  // rather than a page of its own the lead must leave (docs/console.md "Group moves, human verdicts").
  const overrideForm = (req: Request) =>
    `/console/calls/${parseCallId(req.params.id)}${fromQuery(listOf((req.body as Record<string, unknown>).from))}#override-${parseCallId(req.params.criterionId)}`;
  router.post(
    '/calls/:id/overrides/:criterionId',
    requireLead,
    consoleAction(overrideForm, async (req) => {
      const transcriptionId = parseCallId(req.params.id);
      const criterionId = parseCallId(req.params.criterionId);
      const reason = textField(req.body, 'reason');
      const actor = actorOf(req);
      if (textField(req.body, 'action') === 'clear') await clearOverride(hub, { transcriptionId, criterionId, reason, actor });
      else await overrideCriterion(hub, { transcriptionId, criterionId, verdict: textField(req.body, 'verdict'), reason, actor });
      choices.clear();
      if (textField(req.body, 'action') === 'override-next') {
        const next = await nextInList(pool, transcriptionId, listOf(textField(req.body, 'from')), userIdOf(req));
        if (next) return { flash: 'Verdict saved (in the hub only); this is the next call of the list.', to: next };
      }
      return { flash: 'Verdict saved (in the hub only).', to: overrideForm(req) };
    }),
  );

  // A refused note is flashed at the note form with its text put back in it (the draft).
  const notesOf = (req: Request) => `/console/calls/${parseCallId(req.params.id)}#notes-h`;
  router.post(
    '/calls/:id/notes',
    requireLead,
    consoleAction(
      notesOf,
      async (req) => {
        await addNote(hub, { transcriptionId: parseCallId(req.params.id), body: textField(req.body, 'body'), actor: actorOf(req) });
        choices.clear();
        return { flash: 'Note added.', to: notesOf(req) };
      },
      { draft: 'body' },
    ),
  );
}
