/**
 * FAILED transcriptions and the sync's health in the console (supertest, a signed-in viewer): a
 * FAILED call mirrored from an upstream that gave a null duration and an error without a message
 * is listed on the Failed calls page, opens in the call view with what the upstream said, is
 * counted apart on the dashboard and raises no alert; the Receipts page says when the last
 * reconciliation failed and what is quarantined. A scratch database: these pages count the whole mirror.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpstreamTranscription } from '../../src/hub/client/index.js';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import { writeMirror } from '../../src/hub/mirror/mirror-transcription.js';
import { quarantineItems } from '../../src/hub/mirror/quarantine.js';
import { recordReconcileRun } from '../../src/hub/mirror/sync-state.js';
import { createHarness, type Harness } from '../support/harness.js';
import { startHubStack, type HubStack } from '../support/hub-stack.js';
import { createScratchDatabase } from '../support/scratch-database.js';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let h: Harness;
let stack: HubStack;
const password = 'a long enough password';
const viewer = { email: `viewer-${randomUUID().slice(0, 8)}@example.com`, name: 'Vic Viewer' };

beforeAll(async () => {
  scratch = await createScratchDatabase('failed_calls');
  h = createHarness({ databaseUrl: scratch.url });
  stack = await startHubStack(h);
  await createConsoleUser(h.db, { ...viewer, role: 'viewer', password }, { kind: 'cli' });
}, 60_000);
afterAll(async () => {
  await stack?.close();
  await h?.close();
  await scratch?.drop();
});

async function signedIn() {
  const agent = request.agent(stack.app);
  const page = await agent.get('/console/sign-in');
  const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
  expect(
    (await agent.post('/console/sign-in').type('form').send({ _csrf: token, email: viewer.email, password, next: '/console' })).status,
  ).toBe(303);
  return agent;
}

/** A FAILED transcription as an upstream that is not ours may send it: nothing but its id, status, a date and a code. */
function failedCall(id: string, error: UpstreamTranscription['details']['error']): UpstreamTranscription {
  return {
    transcription_id: id,
    status: 'FAILED',
    configuration_id: null,
    configuration_tag: null,
    name: 'lost recording',
    group: null,
    duration: null,
    participant_id: null,
    participant_tag: null,
    evaluator_id: null,
    evaluator_tag: null,
    details: {
      language: null,
      num_speakers: null,
      created_at: new Date().toISOString(),
      completed_at: null,
      conversation: null,
      summary: null,
      fields: null,
      evaluation: null,
      error,
    },
    raw: { transcription_id: id, status: 'FAILED', duration: null, details: { error: { code: 'DOWNLOAD' } } },
  };
}

describe('FAILED calls in the console', () => {
  it('lists them with their reason, opens each with what the upstream said, counts them apart and alerts on none', async () => {
    const withCode = randomUUID();
    const withoutReason = randomUUID();
    await writeMirror(stack.hub, failedCall(withCode, { code: 'DOWNLOAD', message: null }));
    await writeMirror(stack.hub, failedCall(withoutReason, { code: null, message: null }));
    const row = await h.db.hubTranscription.findUniqueOrThrow({ where: { id: withCode } });
    expect(row).toMatchObject({
      status: 'FAILED',
      duration: null,
      configurationId: null,
      errorCode: 'DOWNLOAD',
      errorMessage: null,
      score: null,
      criticalFail: null,
    });
    expect(row.upstreamAnswer).toEqual({
      transcription_id: withCode,
      status: 'FAILED',
      duration: null,
      details: { error: { code: 'DOWNLOAD' } },
    });
    expect(await h.db.hubAlert.count({ where: { transcriptionId: { in: [withCode, withoutReason] } } })).toBe(0);

    const agent = await signedIn();
    const list = await agent.get('/console/failed');
    expect(list.status).toBe(200);
    expect(list.text).toContain(`<tr data-id="${withCode}">`);
    expect(list.text).toContain('<code>DOWNLOAD</code>');
    expect(list.text).toContain(`<tr data-id="${withoutReason}">`);
    expect(list.text).toContain('no reason given');

    const call = await agent.get(`/console/calls/${withCode}`);
    expect(call.status).toBe(200);
    expect(call.text).toContain('<dd id="status">Failed</dd>');
    expect(call.text).toMatch(/id="failure">The upstream could not process this call: \s*\(DOWNLOAD\)/);
    const silent = await agent.get(`/console/calls/${withoutReason}`);
    expect(silent.text).toContain('could not process this call and gave no reason');

    const dashboard = await agent.get('/console/dashboard');
    expect(dashboard.text).toMatch(
      /<li id="failed-kpi"><a href="\/console\/failed"><span class="kpi">2<\/span> failed to process<\/a><\/li>/,
    );
    expect((await agent.get('/console/failed?before=nonsense')).status).toBe(400);
  });
});

describe('the sync health on the Receipts page', () => {
  it('says when the last reconciliation failed and why, and shows what is quarantined as it came', async () => {
    const agent = await signedIn();
    expect((await agent.get('/console/receipts')).text).toContain('id="sync-health">Sync healthy');

    await recordReconcileRun(h.db, { ok: false, lastReconcileAt: new Date().toISOString(), error: 'list-transcriptions: HTTP 502' });
    const rowId = randomUUID();
    await quarantineItems(
      h.db,
      [
        {
          operation: 'list-transcriptions',
          itemKey: rowId,
          reason: 'data.transcriptions[3].status: Invalid option',
          issues: [{ path: 'data.transcriptions[3].status', message: 'Invalid option' }],
          raw: { transcription_id: rowId, status: 'WEIRD' },
        },
      ],
      new Date(),
    );
    const page = (await agent.get('/console/receipts')).text;
    expect(page).toContain('<strong>Sync needs attention</strong>');
    expect(page).toContain('list-transcriptions: HTTP 502');
    expect(page).toContain('1 upstream item could not be read and is quarantined');
    expect(page).toContain(`<code>${rowId}</code>`);
    expect(page).toContain('&quot;status&quot;:&quot;WEIRD&quot;');
  });
});
