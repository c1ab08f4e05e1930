import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type ErrorRequestHandler, type Request, type Router } from 'express';
import { z } from 'zod';
import { AppError } from '../../lib/errors/app-error.js';
import { RedisRateLimiter } from '../../lib/rate-limit/redis-rate-limiter.js';
import type { HubContext } from '../hub-context.js';
import { loadCall } from '../review/load-call.js';
import { movableGroups, moveGroups } from '../review/move-groups.js';
import { addNote, clearOverride, overrideCriterion } from '../review/record-verdict.js';
import { QueueChoicesCache } from '../review/queue-choices-cache.js';
import { findReviewQueue, QueueFilters } from '../review/review-queue.js';
import { consoleSession } from './auth/console-session.js';
import { csrfToken, requireCsrfToken } from './auth/csrf.js';
import { requireLead, requireUser } from './auth/require-user.js';
import { safeReturnPath, signIn } from './auth/sign-in.js';
import { consoleAction, parseInput, redirectWithFlash } from './console-form.js';
import type { ConsoleOptions } from './console-options.js';
import { registerAlertsPages } from './alerts-routes.js';
import { registerDashboard } from './dashboard-route.js';
import { registerFailedCalls } from './failed/failed-calls-route.js';
import { registerQueues } from './queues-route.js';
import { registerDeliveries } from './deliveries-route.js';
import { playerAvailability } from './audio/player-availability.js';
import { registerRecordingRoute } from './audio/recording-route.js';
import { audioPlayer } from './components/audio-player.js';
import { registerReceipts } from './receipts-route.js';
import { registerReportsPages } from './reports-routes.js';
import { actorOf, frameOf, send } from './console-request.js';
import { callPage } from './pages/call-page.js';
import { errorPage } from './pages/error-page.js';
import { queuePage } from './pages/queue-page.js';
import { signInPage } from './pages/sign-in-page.js';

const assetsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');
const chartJsFile = path.join(path.dirname(createRequire(import.meta.url).resolve('chart.js')), 'chart.umd.min.js');

/** Headers of every console answer: no framing, no inline script, nothing cached. */
const securityHeaders: express.RequestHandler = (_req, res, next) => {
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  );
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
  next();
};

const Id = z.guid({ error: 'Not a call id' }).transform((v) => v.toLowerCase());
const parseId = (value: unknown) => {
  const parsed = Id.safeParse(value);
  if (!parsed.success) throw new AppError('not_found', 'No such call');
  return parsed.data;
};

/**
 * The console at /console: server-rendered pages (docs/console.md) for QA leads and viewers.
 * Sessions in PostgreSQL, a CSRF token on every change, leads act and viewers read.
 */
export function createConsoleRouter(hub: HubContext, options: ConsoleOptions): Router {
  const router = express.Router();
  const secure = hub.settings.publicBaseUrl.startsWith('https://');
  const limiter = new RedisRateLimiter(hub.redis, { prefix: options.rateLimitPrefix });
  // The queue's filter choices, a few seconds per process; this process's own changes clear them at once.
  const choices = new QueueChoicesCache();

  router.use(securityHeaders);
  router.use('/assets', express.static(assetsDir, { maxAge: '1h', index: false }));
  router.get('/assets/chart.umd.min.js', (_req, res) => res.sendFile(chartJsFile, { maxAge: '1h' }));
  router.use(consoleSession({ store: options.sessionStore, secret: options.sessionSecret, idleMinutes: options.settings.idleMinutes, secure }));
  router.use(express.urlencoded({ extended: false, limit: '64kb' }), express.json({ limit: '64kb' }));
  router.use(requireCsrfToken);

  router.get('/sign-in', (req, res) => {
    if (req.session.user) return res.redirect(303, safeReturnPath(req.query.next));
    const notice = req.query.expired ? 'Your session expired: sign in again.' : req.query.signed_out ? 'You are signed out.' : undefined;
    send(res, signInPage({ csrfToken: csrfToken(req), next: safeReturnPath(req.query.next), notice }));
  });

  router.post('/sign-in', async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const email = typeof body.email === 'string' ? body.email : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const next = safeReturnPath(body.next);
    const outcome = await signIn(
      { db: hub.db, limiter, now: hub.now, limits: { perEmail: options.settings.signInPerMinute, perAddress: options.settings.signInPerMinutePerAddress } },
      { email, password, address: req.socket.remoteAddress ?? 'unknown' },
    );
    if (outcome.kind !== 'signed_in') {
      const error = outcome.kind === 'rate_limited' ? `Too many sign-in attempts: try again in ${outcome.retryAfterSeconds} s.` : 'Wrong email or password.';
      if (outcome.kind === 'rate_limited') res.setHeader('Retry-After', String(outcome.retryAfterSeconds));
      send(res, signInPage({ csrfToken: csrfToken(req), next, email, error }), outcome.kind === 'rate_limited' ? 429 : 401);
      return;
    }
    // A new session id at sign-in, so a session fixed before cannot be taken over.
    await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err as Error) : resolve())));
    req.session.user = outcome.user;
    req.session.signedInAt = hub.now().getTime();
    csrfToken(req);
    await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err as Error) : resolve())));
    hub.logger.info({ userId: outcome.user.id }, 'console sign-in');
    res.redirect(303, next);
  });

  router.post('/sign-out', async (req, res) => {
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    res.clearCookie('convoqa_console', { path: '/console' });
    res.redirect(303, '/console/sign-in?signed_out=1');
  });

  router.use(requireUser({ db: hub.db, maxHours: options.settings.maxHours, now: hub.now }));

  router.get('/', async (req, res) => {
    const filters = parseInput(QueueFilters, req.query, 'Invalid filter');
    send(res, queuePage(frameOf(req), filters, await findReviewQueue(hub.db, filters, { choices, pool: options.pool })));
  });

  router.post('/queue/move', requireLead, async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const ids = (Array.isArray(body.ids) ? body.ids : body.ids ? [body.ids] : []).map(parseId);
    const group = z.enum(movableGroups).safeParse(body.group);
    if (!group.success) throw new AppError('invalid_value', 'Choose Under review or Archived');
    if (ids.length === 0) throw new AppError('invalid_value', 'Select at least one call');
    if (ids.length > 200) throw new AppError('invalid_value', 'At most 200 calls at once');
    const outcome = await moveGroups(hub, ids, group.data, actorOf(req));
    choices.clear();
    const flash: NonNullable<typeof req.session.flash> = outcome.failed.length
      ? { kind: 'error', text: `Moved ${outcome.moved.length}; ${outcome.failed.length} failed: ${outcome.failed.map((f) => `${f.id.slice(0, 8)} (${f.message})`).join(', ')}` }
      : { kind: 'ok', text: `Moved ${outcome.moved.length} call${outcome.moved.length === 1 ? '' : 's'} to ${group.data === 'ARCHIVED' ? 'Archived' : 'Under review'} (upstream and in the hub).` };
    await redirectWithFlash(req, res, flash, safeReturnPath(body.return_to));
  });

  router.get('/calls/:id', async (req, res) => {
    const view = await loadCall(hub.db, parseId(req.params.id));
    if (!view) throw new AppError('not_found', `No mirrored call ${req.params.id}: it may not have reached the hub yet`);
    send(res, callPage(frameOf(req), view, audioPlayer(playerAvailability(view.transcription.id, Boolean(options.recordings), view.transcription.deletedAt))));
  });

  router.post('/calls/:id/group', requireLead, async (req, res) => {
    const id = parseId(req.params.id);
    const group = z.enum(movableGroups).safeParse((req.body as Record<string, unknown>).group);
    if (!group.success) throw new AppError('invalid_value', 'Choose Pending review, Under review or Archived');
    const outcome = await moveGroups(hub, [id], group.data, actorOf(req));
    choices.clear();
    const failure = outcome.failed[0];
    if (failure) throw new AppError('unavailable', `The group was not changed: ${failure.message}`);
    await redirectWithFlash(req, res, { kind: 'ok', text: 'Group changed upstream and in the hub.' }, `/console/calls/${id}`);
  });

  // A refused verdict (a blank reason, say) is flashed on the call, back at the criterion's form,
  // rather than a page of its own the lead must leave (docs/console.md "Group moves, human verdicts").
  const overrideForm = (req: Request) => `/console/calls/${parseId(req.params.id)}#override-${parseId(req.params.criterionId)}`;
  router.post(
    '/calls/:id/overrides/:criterionId',
    requireLead,
    consoleAction(overrideForm, async (req) => {
      const id = parseId(req.params.id);
      const criterionId = parseId(req.params.criterionId);
      const body = req.body as Record<string, unknown>;
      const reason = typeof body.reason === 'string' ? body.reason : '';
      if (body.action === 'clear') await clearOverride(hub, { transcriptionId: id, criterionId, reason, actor: actorOf(req) });
      else await overrideCriterion(hub, { transcriptionId: id, criterionId, verdict: typeof body.verdict === 'string' ? body.verdict : '', reason, actor: actorOf(req) });
      choices.clear();
      return { flash: 'Verdict saved (in the hub only).', to: overrideForm(req) };
    }),
  );

  router.post('/calls/:id/notes', requireLead, async (req, res) => {
    const id = parseId(req.params.id);
    await addNote(hub, { transcriptionId: id, body: typeof (req.body as Record<string, unknown>).body === 'string' ? ((req.body as Record<string, unknown>).body as string) : '', actor: actorOf(req) });
    choices.clear();
    await redirectWithFlash(req, res, { kind: 'ok', text: 'Note added.' }, `/console/calls/${id}#notes-h`);
  });

  registerDashboard(router, hub);
  registerFailedCalls(router, hub);
  registerQueues(router, hub);
  registerDeliveries(router, hub, options.deliveries);
  registerRecordingRoute(router, hub, options.recordings);
  registerReceipts(router, hub);
  registerAlertsPages(router, hub);
  registerReportsPages(router, hub);

  router.use((req) => {
    throw new AppError('not_found', `No console page ${req.path}`);
  });
  router.use(consoleErrorHandler(hub));
  return router;
}

/** Errors as a page (or JSON for scripts), with the error model's status. */
function consoleErrorHandler(hub: HubContext): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const appError = error instanceof AppError ? error : null;
    const status = appError?.status ?? 500;
    const message = appError ? appError.message : 'Something went wrong on our side; it is logged.';
    if (!appError) hub.logger.error({ err: error, path: req.path }, 'console error');
    if (req.accepts(['html', 'json']) === 'json') {
      res.status(status).json({ error: { code: appError?.code ?? 'internal', message } });
      return;
    }
    const frame = req.session ? { user: req.session.user ?? null, csrfToken: csrfToken(req) } : { user: null, csrfToken: '' };
    send(res, errorPage(frame, status, message), status);
  };
}
