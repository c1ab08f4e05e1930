/**
 * A private PostgreSQL cluster (initdb in a temporary folder) holding both the built-in service
 * and the hub, SIGKILLed mid-stream and started again on the same data (crash recovery). The
 * receiver answers 503 while it is down (the sender retries); acknowledged receipts were committed
 * before their 202, and mirror jobs that failed meanwhile are retried. Printed: sent,
 * acknowledged, mirrored, lost (0), duplicated (0), and the time from the restart to every
 * acknowledged webhook being mirrored. No reconciliation runs here: the retries alone converge.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { applyMigrations } from '../../prisma/runner/migrate-deploy.js';
import { createHarness, type Harness } from '../support/harness.js';
import { startHubStack, type HubStack } from '../support/hub-stack.js';
import { eventually } from '../support/webhook-receiver.js';
import { mirrorState, sendWebhooksTo, seedEvaluatedTranscriptions, settle } from './support/outage-scenario.js';
import { startPrivatePostgres, type PrivatePostgres } from './support/private-postgres.js';
import { convergenceFigures, expectMirroredExactlyOnce } from './support/mirror-convergence.js';
import { reportScenario } from './support/report-scenario.js';

const transcriptions = 30;
let pg: PrivatePostgres;
let h: Harness;
let stack: HubStack;

beforeAll(async () => {
  pg = await startPrivatePostgres();
  // The port opens before the server accepts queries ("the database system is starting up").
  await eventually(
    async () =>
      (await applyMigrations(pg.url).then(
        () => true,
        () => false,
      )) || undefined,
    30_000,
    300,
  );
  h = createHarness({ databaseUrl: pg.url });
  stack = await startHubStack(h);
}, 120_000);
afterAll(async () => {
  await stack?.close().catch(() => undefined);
  await h?.close().catch(() => undefined);
  await pg?.close();
});

describe('PostgreSQL SIGKILLed and restarted on the same data', () => {
  it('answers 503 while it is down, and mirrors every acknowledged webhook exactly once', async () => {
    const ids = await seedEvaluatedTranscriptions(h.db, stack.account.id, transcriptions);
    h.startWorker({ hub: stack.hub, lockDurationMs: 2_000 });
    const sender = sendWebhooksTo(stack, ids, {
      giveUpAfterMs: 60_000,
    });
    await eventually(async () => sender.acknowledged.size >= 8, 20_000, 10);
    await pg.kill();
    const killedAt = Date.now();
    await new Promise((r) => setTimeout(r, 1_500));
    await pg.restart();
    const restartedAt = Date.now();
    await sender.done;
    const accepted = [...sender.acknowledged];
    const state = await settle(
      () => mirrorState(h.db, ids).catch(() => ({ mirrored: new Set<string>(), halfWritten: 0, duplicates: 0 })),
      (s) => accepted.every((id) => s.mirrored.has(id)),
      120_000,
      500,
    );
    const convergedMs = Date.now() - restartedAt;
    const final = await mirrorState(h.db, ids);
    const lost = accepted.filter((id) => !final.mirrored.has(id));
    const statuses = [...new Set(sender.attempts.map((a) => a.status))].sort();

    reportScenario('postgres-killed', {
      sent: ids.length,
      attempts: sender.attempts.length,
      answers: statuses.join('/'),
      acknowledged: accepted.length,
      ...convergenceFigures(final, lost, restartedAt - killedAt, convergedMs),
    });

    expectMirroredExactlyOnce(ids, accepted, state, final);
  }, 240_000);
});
