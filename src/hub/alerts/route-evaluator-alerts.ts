import type { HubContext } from '../hub-context.js';
import { resolveAlertChannel, setEvaluatorChannel } from './channel-routing.js';

/**
 * Routes an evaluator's alerts and digest section to a channel (admin API and console), from the
 * next alert on. The evaluator must exist upstream: the upstream's not_found (an UpstreamError)
 * is thrown before anything is written. Answers the channel now in effect.
 */
export async function routeEvaluatorAlerts(
  ctx: Pick<HubContext, 'db' | 'upstream' | 'settings'>,
  evaluatorId: string,
  channel: string,
): Promise<string | null> {
  const id = evaluatorId.toLowerCase();
  const client = await ctx.upstream();
  await client.call('get-evaluator', { evaluator_id: id });
  await setEvaluatorChannel(ctx.db, id, channel);
  return resolveAlertChannel(ctx.db, ctx.settings.slack, id);
}
