/**
 * The one way to call an operation named at run time (`npm run cli -- api <operation>`,
 * `POST /admin/api/:operation`): the three analytics operations go through the quota ledger
 * (pullAnalytics, purpose `manual`), every other operation straight through the client. Lint
 * forbids `client.call` with an operation that is not a literal anywhere else in src/hub, src/cli
 * and jobs/, so no entry point can spend analytics quota behind the ledger's back.
 */
import { canonicalOperation, type OperationAlias, type OperationName, type RejectedItem } from '../../client/index.js';
import type { HubRedactionSettings } from '../../redaction/hub-redaction-settings.js';
import { maskOperationAnswer } from '../../redaction/mask-operation-answer.js';
import { analyticsEndpoints, type AnalyticsEndpoint } from './analytics-endpoints.js';
import { pullAnalytics, type PullContext } from './pull-analytics.js';

/** What calling any operation needs: the quota ledger's context and the hub's redaction policies. */
export type AnyOperationContext = PullContext & { settings: PullContext['settings'] & { redaction: HubRedactionSettings } };

const isAnalytics = (operation: OperationName): operation is AnalyticsEndpoint =>
  (analyticsEndpoints as readonly string[]).includes(operation);

/**
 * Calls `operation` (a canonical name or an alias) with `input`; resolves with the answer's `data`.
 * A list whose rows broke the API description answers the rows it could read, and the others
 * under `rejected_by_hub` (why, and as they came), so the person who asked sees every row. An
 * answer that carries a transcription's text is masked with the hub's policies, rejected rows too.
 */
export async function callAnyOperation(
  ctx: AnyOperationContext,
  operation: OperationName | OperationAlias,
  input: unknown,
): Promise<unknown> {
  const canonical: OperationName = canonicalOperation(operation);
  if (isAnalytics(canonical)) {
    // The client checks the input against the contract before anything is sent (a refusal gives
    // the reservation back), so it is passed on as given.
    return pullAnalytics(ctx, { endpoint: canonical, params: input as never, purpose: 'manual' });
  }
  const client = await ctx.upstream();
  const call = client.call.bind(client) as (operation: OperationName | OperationAlias, input: unknown) => Promise<unknown>;
  const data = await call(operation, input);
  const rejected = (data as { rejected?: RejectedItem[] } | null)?.rejected;
  return maskOperationAnswer(
    operation,
    rejected?.length ? { ...(data as object), rejected_by_hub: rejected } : data,
    ctx.settings.redaction,
  );
}
