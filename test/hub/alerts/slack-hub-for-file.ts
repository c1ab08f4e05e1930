/**
 * One harness, a local Slack and a hub stack that posts its alerts there, for a whole test file:
 * made before its tests, closed after them: the harness first (its workers, whose jobs still call
 * the stack), then the stack, then Slack.
 */
import { afterAll, beforeAll } from 'vitest';
import { createCriticalFailHook } from '../../../src/hub/alerts/critical-fail-hook.js';
import type { SlackSettings } from '../../../src/hub/alerts/slack-settings.js';
import type { MirrorHook } from '../../../src/hub/mirror/mirror-hook.js';
import { startFakeSlack, type FakeSlack } from '../../fakes/fake-slack.js';
import { createHarness, type Harness, type WorkerOptions } from '../../support/harness.js';
import { startHubStack, type HubStack } from '../../support/hub-stack.js';
import { runCleanups } from '../../support/run-cleanups.js';
import { slackHub } from './support.js';

export interface SlackHubForFileOptions {
  /** The local Slack's channels (default one, C0DEFAULT1, the hub's default channel). */
  channels?: string[];
  /** Slack settings of the hub over slackHub's. */
  slack?: Partial<SlackSettings>;
  /** How many workers to start, as that many worker processes would run (default 1). */
  workers?: number;
  /** Options for each worker, besides the hub's context and the critical-fail hook. */
  worker?: Omit<WorkerOptions, 'hub' | 'mirrorHooks'>;
}

/** What the file's tests use; each member exists from the first test on (not at import time). */
export interface SlackHubRig {
  h: Harness;
  slack: FakeSlack;
  stack: HubStack;
  /** The critical-fail hook the workers run (one, shared, as in a worker process). */
  hook: MirrorHook;
}

/** Registers the beforeAll/afterAll of the enclosing suite and returns the rig they fill in. */
export function slackHubForFile(options: SlackHubForFileOptions = {}): SlackHubRig {
  const rig = {} as SlackHubRig;
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    rig.slack = await startFakeSlack({ channels: options.channels ?? ['C0DEFAULT1'] });
    cleanups.push(() => rig.slack.close());
    rig.h = createHarness();
    rig.stack = await startHubStack(rig.h, { hub: (defaults) => slackHub(rig.slack, defaults, options.slack) });
    cleanups.push(
      () => rig.stack.close(),
      () => rig.h.close(),
    );
    rig.hook = createCriticalFailHook(rig.stack.hub);
    for (let i = 0; i < (options.workers ?? 1); i += 1)
      rig.h.startWorker({ ...options.worker, hub: rig.stack.hub, mirrorHooks: [rig.hook] });
  });
  afterAll(() => runCleanups(cleanups));
  return rig;
}
