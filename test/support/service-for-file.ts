/**
 * One harness, one account and the local servers the built-in service talks to, for a whole test
 * file: made before its tests, closed after them (in reverse order), so each file does not repeat
 * the same beforeAll/afterAll block.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { createHarness, type Harness, type HarnessOptions, type TestAccount, type WorkerOptions } from './harness.js';
import { startHubStack, type HubStack } from './hub-stack.js';
import { startRecordingServer, type RecordingServer } from './recording-server.js';
import { runCleanups } from './run-cleanups.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

export interface ServiceForFileOptions {
  harness?: HarnessOptions;
  /** Run the hub's web stack on the harness (`rig.stack`, its own hub account). */
  hubStack?: boolean;
  /** Serve recordings from a local server (`rig.recordings`). */
  recordings?: boolean;
  /** Receive the account's webhooks on a local server (`rig.receiver`), checked with its secret. */
  receiver?: boolean;
  /** Create a configuration with this create-configuration body (built from the rig, e.g. for webhook URLs on the receiver). */
  configuration?: object | ((rig: ServiceRig) => object);
  /** Run the harness's workers with these options once the rest exists; no worker without it. */
  worker?: WorkerOptions;
}

/** What the file's tests use; each member exists from the first test on (not at import time). */
export interface ServiceRig {
  h: Harness;
  account: TestAccount;
  /** Only with `hubStack: true`. */
  stack: HubStack;
  /** Only with `recordings: true`. */
  recordings: RecordingServer;
  /** Only with `receiver: true`. */
  receiver: WebhookReceiver;
  /** Only with `configuration`. */
  configurationId: string;
}

/**
 * Registers the beforeAll/afterAll of the enclosing suite (the file, or a describe) and returns the rig they fill in. `setUp`, when given,
 * runs at the end of the beforeAll with the rig complete (e.g. to create the file's configuration).
 */
export function serviceForFile(options: ServiceForFileOptions = {}, setUp?: (rig: ServiceRig) => Promise<void>): ServiceRig {
  const rig = {} as ServiceRig;
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    rig.h = createHarness(options.harness);
    cleanups.push(() => rig.h.close());
    if (options.hubStack) {
      rig.stack = await startHubStack(rig.h);
      cleanups.push(() => rig.stack.close());
    }
    rig.account = await rig.h.createAccount();
    if (options.recordings) {
      rig.recordings = await startRecordingServer();
      cleanups.push(() => rig.recordings.close());
    }
    if (options.receiver) {
      rig.receiver = await startWebhookReceiver(() => rig.account.webhookSecret);
      cleanups.push(() => rig.receiver.close());
    }
    if (options.configuration) {
      const body = typeof options.configuration === 'function' ? options.configuration(rig) : options.configuration;
      const res = await rig.account.call('create-configuration', body);
      expect(res.status).toBe(201);
      rig.configurationId = (res.body as { data: { configuration: { configuration_id: string } } }).data.configuration.configuration_id;
    }
    if (options.worker) rig.h.startWorker(options.worker);
    await setUp?.(rig);
  }, 60_000);
  afterAll(() => runCleanups(cleanups));
  return rig;
}
