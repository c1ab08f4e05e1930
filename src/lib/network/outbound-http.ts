/**
 * The one HTTP client for calls to URLs users give us (recording downloads, webhook deliveries):
 * got on node:http (docs/outbound-http.md says why not undici), over the guarded agents, so every
 * connection of every hop obeys the network policy. Redirects are not followed here (the caller
 * checks each hop), nothing is retried here (the callers own their retry schedules), and an error
 * status is an answer, not an exception.
 */
import got, { type Got } from 'got';
import { createGuardedAgents } from './guarded-agents.js';
import type { NetworkPolicy } from './network-guard.js';

export type OutboundHttp = Got;

export function createOutboundHttp(policy: NetworkPolicy): OutboundHttp {
  return got.extend({
    agent: createGuardedAgents(policy),
    http2: false,
    followRedirect: false,
    throwHttpErrors: false,
    retry: { limit: 0 },
  });
}

/** Phases of one call: connecting (DNS + TCP + TLS), silence while waiting or reading, and all of it. */
export interface CallTimeouts {
  connectMs: number;
  idleMs: number;
  totalMs: number;
}

/** got's time-out options for a call (the total is enforced by the caller's AbortSignal). */
export const gotTimeouts = (t: CallTimeouts) => ({
  lookup: Math.min(t.connectMs, t.totalMs),
  connect: Math.min(t.connectMs, t.totalMs),
  secureConnect: Math.min(t.connectMs, t.totalMs),
  socket: Math.min(t.idleMs, t.totalMs),
});
