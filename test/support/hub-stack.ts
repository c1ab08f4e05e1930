/**
 * The built-in API and the hub in one app on a real port, as `npm start` runs them: the hub's
 * client talks to this API over HTTP with the account's key, and configurations can point their
 * webhooks at this hub's receiver.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type WebApp } from '../../src/app.js';
import { adminAccountRoutes } from '../../src/embedded/admin-account-routes.js';
import { adminDeliveryRoutes } from '../../src/embedded/admin-delivery-routes.js';
import { createConsoleDeliveries } from '../../src/embedded/console-deliveries.js';
import { hubAdminRoutes } from '../../src/hub/admin/admin-routes.js';
import { createConversationClient, type ConversationClient } from '../../src/hub/client/index.js';
import type { HubContext } from '../../src/hub/hub-context.js';
import { afterAll, beforeAll } from 'vitest';
import { createHarness, type Harness, type TestAccount } from './harness.js';
import { createScratchDatabase } from './scratch-database.js';
import { randomUUID } from 'node:crypto';
import { processMetricsRegistry } from '../../src/metrics/metrics-endpoint.js';
import { createScrapeMetrics } from '../../src/metrics/scrape-metrics.js';
import pg from 'pg';
import { createConsoleSessionStore } from '../../src/hub/console/auth/console-session.js';
import type { ConsoleSettings } from '../../src/hub/console/console-settings.js';
import type { CallRecordings } from '../../src/hub/console/pages/call/recording/call-recordings.js';
import { createRecordingProxy } from '../../src/hub/console/pages/call/recording/recording-proxy.js';

/** The admin API's bearer token in every hub stack. */
export const adminToken = 'test-admin-token-0123456789abcdef';

export interface HubStack {
  account: TestAccount;
  baseUrl: string;
  client: ConversationClient;
  hub: HubContext;
  app: WebApp;
  close(): Promise<void>;
}

export async function startHubStack(
  h: Harness,
  options: {
    signed?: boolean;
    hub?: (defaults: HubContext) => Partial<HubContext>;
    console?: Partial<ConsoleSettings>;
    /** The call view's recording source; default: this stack's /recordings with the account's key; null: none. */
    recordings?: CallRecordings | null;
  } = {},
): Promise<HubStack> {
  const account = await h.createAccount();
  // The app needs the server's port (its public URL), so the server starts first and serves it once built.
  const serving: { app?: WebApp } = {};
  const server = createServer((req, res) => serving.app?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = createConversationClient({
    baseUrl: `${baseUrl}/api`,
    apiKey: account.key,
    redis: h.redis,
    rateLimitScale: 100,
    pacingPrefix: `convoqa:test:pace:${randomUUID()}:`,
  });
  const defaults = h.hubContext({
    upstream: () => Promise.resolve(client),
    receiverCredentials: () =>
      Promise.resolve({
        signingSecret: options.signed === false ? null : account.webhookSecret,
        token: 'hub-stack-token-0123456789abcdef',
      }),
    settings: { ...h.hubContext().settings, publicBaseUrl: baseUrl },
  });
  const hub: HubContext = { ...defaults, ...options.hub?.(defaults) };
  // The console, with its sessions in the harness's database (no pruning timer) and its own rate-limit keys.
  const sessionPool = new pg.Pool({ connectionString: h.config.process.databaseUrl, max: 2 });
  const consoleOptions = {
    sessionStore: createConsoleSessionStore(sessionPool, { pruneEverySeconds: false }),
    pool: sessionPool,
    sessionSecret: 'test-console-session-secret-0123456789abcdef',
    settings: { ...h.config.console, ...options.console },
    rateLimitPrefix: `convoqa:test:console:${randomUUID()}:`,
    // The built-in service runs in this stack: the Deliveries page shows its deliveries.
    deliveries: createConsoleDeliveries(h.deps),
    // The hub's upstream is this built-in service: the player hears its recordings, as start-web wires it.
    ...(options.recordings === null
      ? {}
      : {
          recordings:
            options.recordings ??
            createRecordingProxy({ baseUrl: `${baseUrl}/recordings`, apiKey: () => Promise.resolve(account.key), logger: h.deps.logger }),
        }),
  };
  const app = (serving.app = createApp(
    h.deps,
    hub,
    { token: () => Promise.resolve(adminToken), routes: [...hubAdminRoutes, ...adminAccountRoutes, ...adminDeliveryRoutes] },
    {
      // GET /metrics as the web process serves it, with the admin token.
      metrics: { registry: processMetricsRegistry([createScrapeMetrics(hub)]), token: () => Promise.resolve(adminToken) },
      console: consoleOptions,
    },
  ));
  return {
    account,
    baseUrl,
    client,
    hub,
    app,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => void sessionPool.end().then(resolve, resolve));
      }),
  };
}

/**
 * One harness and one hub stack for a whole test file: made before its tests, closed after them.
 * `use` receives both once they exist (assign them to the file's `h` and `stack`).
 */
export function hubStackForFile(use: (h: Harness, stack: HubStack) => void, options?: Parameters<typeof startHubStack>[1]): void {
  let h: Harness | undefined;
  let stack: HubStack | undefined;
  beforeAll(async () => {
    h = createHarness();
    stack = await startHubStack(h, options);
    use(h, stack);
  });
  afterAll(async () => {
    await stack?.close();
    await h?.close();
  });
}

/**
 * hubStackForFile on a database of the file's own (scratch-database.ts, named after `label`),
 * dropped after the file: for tests that read the hub's tables as a whole.
 */
export function scratchHubStackForFile(label: string, use: (h: Harness, stack: HubStack) => void): void {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let h: Harness | undefined;
  let stack: HubStack | undefined;
  beforeAll(async () => {
    scratch = await createScratchDatabase(label);
    h = createHarness({ databaseUrl: scratch.url });
    stack = await startHubStack(h);
    use(h, stack);
  });
  afterAll(async () => {
    await stack?.close();
    await h?.close();
    await scratch?.drop();
  });
}
