/**
 * node:http agents whose every connection obeys the network policy: a refused IP literal never
 * connects, a name is resolved through the guarded lookup (the address checked is the address
 * connected to, so DNS rebinding cannot slip through), an allowed host connects as usual. They sit
 * under the outbound client, so every redirect hop and every pooled socket passes through them.
 */
import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import { connectionRule, guardedLookup, type NetworkPolicy } from './network-guard.js';

type ConnectionCallback = (err: Error | null, stream: Duplex) => void;

function applyRule<O extends http.ClientRequestArgs>(
  policy: NetworkPolicy,
  options: O,
  callback: ConnectionCallback | undefined,
  connect: (options: O) => Duplex | null | undefined,
): Duplex | null | undefined {
  const host = options.host ?? options.hostname ?? 'localhost';
  const port = Number(options.port ?? (options.protocol === 'https:' ? 443 : 80));
  const rule = connectionRule(policy, host, port);
  if (rule.kind === 'refused') {
    // The agent hands a callback error to the request's 'error' event.
    process.nextTick(() => callback?.(rule.error, undefined as unknown as Duplex));
    return undefined;
  }
  return connect(rule.kind === 'guarded' ? { ...options, lookup: guardedLookup } : options);
}

class GuardedHttpAgent extends http.Agent {
  constructor(
    private readonly policy: NetworkPolicy,
    options: http.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: http.ClientRequestArgs, callback?: ConnectionCallback) {
    return applyRule(this.policy, options, callback, (o) => super.createConnection(o, callback));
  }
}

class GuardedHttpsAgent extends https.Agent {
  constructor(
    private readonly policy: NetworkPolicy,
    options: https.AgentOptions,
  ) {
    super(options);
  }

  override createConnection(options: https.RequestOptions, callback?: ConnectionCallback) {
    return applyRule(this.policy, { protocol: 'https:', ...options }, callback, (o) => super.createConnection(o, callback));
  }
}

export interface GuardedAgents {
  http: http.Agent;
  https: https.Agent;
}

export function createGuardedAgents(policy: NetworkPolicy): GuardedAgents {
  const options = { keepAlive: true, maxFreeSockets: 16 };
  return { http: new GuardedHttpAgent(policy, options), https: new GuardedHttpsAgent(policy, options) };
}
