import { z } from 'zod';
import { AppError } from '../../../lib/errors/app-error.js';
import type { HubContext } from '../../hub-context.js';
import { defineAdminRoute } from '../admin-route.js';

const Check = z.object({ ok: z.boolean(), latency_ms: z.number(), error: z.string().nullable() });

async function check(work: () => Promise<unknown>, timeoutMs = 2_000): Promise<z.output<typeof Check>> {
  const started = performance.now();
  try {
    await Promise.race([
      work(),
      new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs).unref()),
    ]);
    return { ok: true, latency_ms: Math.round(performance.now() - started), error: null };
  } catch (error) {
    return {
      ok: false,
      latency_ms: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/**
 * The upstream is reachable when its base URL answers HTTP at all. No operation is called: a
 * probe every few seconds would otherwise spend the upstream's rate limits.
 */
async function reachUpstream(ctx: HubContext): Promise<void> {
  const client = await ctx.upstream();
  await fetch(client.baseUrl, { method: 'GET', signal: AbortSignal.timeout(2_000) });
}

export const healthRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/health',
    summary: 'Liveness: the process answers',
    tag: 'health',
    isPublic: true,
    response: z.object({ status: z.literal('ok') }),
    handle: () => Promise.resolve({ status: 'ok' as const }),
  }),
  defineAdminRoute({
    method: 'get',
    path: '/ready',
    errors: ['unavailable'],
    summary: 'Readiness: PostgreSQL, Redis and the upstream API reachable (503 when one is not)',
    tag: 'health',
    isPublic: true,
    response: z.object({ status: z.literal('ready'), checks: z.object({ database: Check, redis: Check, upstream: Check }) }),
    async handle(_input, ctx) {
      const [database, redis, upstream] = await Promise.all([
        check(() => ctx.db.$queryRaw`SELECT 1`),
        check(() => ctx.redis.ping()),
        check(() => reachUpstream(ctx)),
      ]);
      const checks = { database, redis, upstream };
      const failing = Object.entries(checks)
        .filter(([, c]) => !c.ok)
        .map(([name, c]) => `${name}: ${c.error}`);
      if (failing.length) throw new AppError('unavailable', `Not ready: ${failing.join('; ')}`, { retryAfterSeconds: 5 });
      return { status: 'ready' as const, checks };
    },
  }),
];
