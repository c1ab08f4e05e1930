/**
 * The hub alone against an upstream of the test's choosing (any deployment of the Conversation
 * API, e.g. test/fakes/independent-upstream): its client points at that upstream, and its
 * receiver, admin API and the rest of the web app serve on a real port of 127.0.0.1, so the
 * upstream's webhooks reach it over HTTP. The built-in API is mounted too (createApp always
 * mounts it) but nothing here calls it.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type WebApp } from '../../src/app.js';
import { hubAdminRoutes } from '../../src/hub/admin/admin-routes.js';
import { createConversationClient, type ConversationClient } from '../../src/hub/client/index.js';
import type { HubContext } from '../../src/hub/hub-context.js';
import { receiverUrls } from '../../src/hub/webhooks/register-receiver-webhooks.js';
import type { Harness } from './harness.js';
import { adminToken } from './hub-stack.js';

export interface HubAgainstOptions {
  /** The upstream's base URL (operations at `<upstreamBaseUrl>/<operation>`). */
  upstreamBaseUrl: string;
  apiKey: string;
  /** The token in the receiver's URLs, checked when there is no signing secret. Default a fixed test token. */
  token?: string;
  /** The Standard Webhooks secret the receiver verifies every webhook with; null or absent: the token is checked instead. */
  signingSecret?: string | null;
  /** The client's first retry delay (doubled each retry). Default 5 ms, so a retried 429 costs little. */
  backoffBaseMs?: number;
  /** The client's attempts per call. Default 5 (the spec's pattern). */
  maxAttempts?: number;
  /** The client's cap on a Retry-After wait. Default 2,000 ms. */
  maxRetryAfterMs?: number;
  /** Time-out of one client attempt. Default 5,000 ms. */
  timeoutMs?: number;
  /** Replace parts of the hub's context (the defaults are passed in). */
  hub?: (defaults: HubContext) => Partial<HubContext>;
}

export interface HubAgainstUpstream {
  /** Where the hub's web app serves (receiver at /webhooks, admin API at /admin). */
  baseUrl: string;
  client: ConversationClient;
  hub: HubContext;
  app: WebApp;
  /** The receiver's token and the two URLs a configuration's webhooks should point at. */
  token: string;
  receiverUrls: { success_url: string; error_url: string };
  /** Bearer token of the admin API. */
  adminToken: string;
  close(): Promise<void>;
}

export async function startHubAgainst(h: Harness, options: HubAgainstOptions): Promise<HubAgainstUpstream> {
  const token = options.token ?? 'upstream-test-token-0123456789abcdef';
  // The app needs its own public URL, so the server starts first and serves the app once built.
  const serving: { app?: WebApp } = {};
  const server = createServer((req, res) => serving.app?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = createConversationClient({
    baseUrl: options.upstreamBaseUrl,
    apiKey: options.apiKey,
    redis: h.redis,
    // The test upstreams do not enforce the spec's rates: pacing would only slow the tests down.
    rateLimitScale: 100,
    pacingPrefix: `convoqa:test:pace:${randomUUID()}:`,
    backoffBaseMs: options.backoffBaseMs ?? 5,
    maxAttempts: options.maxAttempts ?? 5,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 2_000,
    timeoutMs: options.timeoutMs ?? 5_000,
  });
  const defaults = h.hubContext({
    upstream: () => Promise.resolve(client),
    receiverCredentials: () => Promise.resolve({ signingSecret: options.signingSecret ?? null, token }),
    settings: { ...h.hubContext().settings, publicBaseUrl: baseUrl },
  });
  const hub: HubContext = { ...defaults, ...options.hub?.(defaults) };
  const app = (serving.app = createApp(h.deps, hub, { token: () => Promise.resolve(adminToken), routes: hubAdminRoutes }));
  return {
    baseUrl,
    client,
    hub,
    app,
    token,
    receiverUrls: receiverUrls(baseUrl, token),
    adminToken,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
