/**
 * The one way the hub calls an analytics operation: reserve a call in the quota ledger, send it
 * through the client, settle the reservation by how it ended. Lint forbids analytics calls
 * anywhere else in src/hub, so nothing spends quota behind the ledger's back.
 */
import { AppError } from '../../../lib/errors/app-error.js';
import { causeChain } from '../../../lib/errors/cause-chain.js';
import { isUpstreamError, type ConversationClient, type UpstreamError } from '../../client/index.js';
import type { HubContext } from '../../hub-context.js';
import type { AnalyticsEndpoint, AnalyticsParams } from './analytics-endpoints.js';
import { reserveQuota, settleQuota, type PullPurpose, type ReserveResult, type SettleOutcome } from './quota-ledger.js';

export interface PullRequest<E extends AnalyticsEndpoint> {
  endpoint: E;
  params: AnalyticsParams<E>;
  /** Scheduled pulls and manual calls leave the on-demand reserve alone (quota-ledger.ts). */
  purpose: PullPurpose;
}

export type PullContext = Pick<HubContext, 'db' | 'logger' | 'now' | 'upstream'> & {
  settings: { reports: Pick<HubContext['settings']['reports'], 'onDemandReserve'> };
};

/** The ledger refused the call: nothing was sent. `retryAfterSeconds` runs to the month's end. */
export class QuotaRefusedError extends AppError {
  override name = 'QuotaRefusedError';

  constructor(
    readonly endpoint: AnalyticsEndpoint,
    readonly refusal: Extract<ReserveResult, { isReserved: false }>,
    now: Date,
  ) {
    super('quota_exceeded', describeRefusal(endpoint, refusal), {
      retryAfterSeconds: Math.max(1, Math.ceil((refusal.resetsAt.getTime() - now.getTime()) / 1000)),
    });
  }
}

export const isQuotaRefused = (error: unknown): error is QuotaRefusedError => error instanceof QuotaRefusedError;

export function describeRefusal(endpoint: AnalyticsEndpoint, r: Extract<ReserveResult, { isReserved: false }>): string {
  const resets = `resets ${r.resetsAt.toISOString().slice(0, 19)}Z`;
  if (r.exhaustedAt) {
    return `monthly quota of ${endpoint} (${r.limit}) reported exhausted by the upstream at ${r.exhaustedAt.toISOString()}; ${resets}`;
  }
  const spent = `${r.used} used, ${r.reserved} in flight`;
  if (r.reserve > 0)
    return `monthly quota of ${endpoint} (${r.limit}) minus the on-demand reserve (${r.reserve}) leaves no room: ${spent}; ${resets}`;
  return `monthly quota of ${endpoint} (${r.limit}) is spent: ${spent}; ${resets}`;
}

/** Network failures that happen before a byte is sent: the upstream cannot have run the call. */
const notSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_INVALID_URL']);

/** How a failed call settles: when in doubt it counts as used (overspending is the one thing not allowed). */
export function settleOutcomeOf(error: unknown): SettleOutcome {
  if (!isUpstreamError(error)) return 'used';
  switch (error.kind) {
    case 'quota_exceeded':
      return 'exhausted';
    case 'rate_limited':
      // The description answers 429 for the quota and the rate limit alike and shows no error
      // fields: only a 429 that says `rate_limited` is taken as free (the retry policy's reading).
      return error.code === 'rate_limited' ? 'released' : 'used';
    case 'invalid_request':
      return error.attempts === 0 ? 'released' : 'used';
    case 'network': {
      const codes = causeChain(error).map((e) => (e as { code?: unknown }).code);
      return codes.some((code) => typeof code === 'string' && notSentCodes.has(code)) ? 'released' : 'used';
    }
    default:
      return 'used';
  }
}

/**
 * The answer's `data` as the client handed it over, every member kept. It is not typed as a
 * dashboard: the account-wide answer's shape is not shown by the vendor, and a dashboard's
 * promised members are checked by whoever reads it (runs/read-report-answer.ts), so an answer
 * that breaks a promise is still kept rather than spent and lost.
 */
export type AnalyticsData = Record<string, unknown>;

/**
 * Makes one analytics call through the ledger. Throws QuotaRefusedError (nothing sent) when the
 * ledger has no room, or the client's UpstreamError when the call failed (settled first).
 */
export async function pullAnalytics<E extends AnalyticsEndpoint>(ctx: PullContext, request: PullRequest<E>): Promise<AnalyticsData> {
  const client = await ctx.upstream();
  const reservation = await reserveQuota(ctx.db, {
    scope: client.accountRef,
    endpoint: request.endpoint,
    purpose: request.purpose,
    reserve: ctx.settings.reports.onDemandReserve[request.endpoint],
    now: ctx.now(),
  });
  if (!reservation.isReserved) throw new QuotaRefusedError(request.endpoint, reservation, ctx.now());

  let answer: AnalyticsData;
  try {
    answer = await callAnalytics(client, request);
  } catch (error) {
    // An answer that came but broke a promised member was paid for: it is kept as it came, and
    // its reader says what broke (runs/read-report-answer.ts), never spent and lost.
    const kept = isUpstreamError(error, 'invalid_response') ? asData(error.raw) : null;
    if (kept) {
      await settleQuota(ctx.db, reservation.reservation, 'used');
      ctx.logger.warn(
        { endpoint: request.endpoint, issues: (error as UpstreamError).issues.slice(0, 5) },
        'analytics answer breaks the API description: kept as it came',
      );
      return kept;
    }
    const outcome = settleOutcomeOf(error);
    await settleQuota(ctx.db, reservation.reservation, outcome);
    if (outcome === 'exhausted') {
      ctx.logger.warn(
        { endpoint: request.endpoint, purpose: request.purpose },
        'upstream reports the monthly analytics quota exhausted: no more calls this month',
      );
    }
    throw error;
  }
  await settleQuota(ctx.db, reservation.reservation, 'used');
  return answer;
}

async function callAnalytics<E extends AnalyticsEndpoint>(client: ConversationClient, request: PullRequest<E>): Promise<AnalyticsData> {
  // The operation is one of the three analytics ones; the client checks params against its contract.
  const call = client.call.bind(client) as (operation: AnalyticsEndpoint, input: unknown) => Promise<unknown>;
  const data = await call(request.endpoint, request.params);
  // The client hands over `data` as an object (it refuses an answer without one).
  return asData(data) ?? { value: data };
}

const asData = (data: unknown): AnalyticsData | null =>
  data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as AnalyticsData) : null;
