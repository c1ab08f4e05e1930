/**
 * `npm run cli -- api`: any operation through the hub's client, against the built-in service; the
 * analytics operations through the quota ledger, against the independent fake upstream.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversationClient } from '../../src/hub/client/index.js';
import { readLedgerRow } from '../../src/hub/reports/quota/quota-ledger.js';
import { monthOf } from '../../src/hub/reports/report-periods.js';
import { dashboardAnswer } from '../fakes/analytics-answers.js';
import { startFakeUpstream, type FakeUpstream } from '../fakes/fake-upstream.js';
import { serveBuiltIn } from '../hub/client/support.js';
import { createHarness, type Harness, type TestAccount } from '../support/harness.js';
import { projectRoot } from '../support/processes.js';
import { closeInOrder } from '../support/close-in-order.js';

const run = promisify(execFile);
const tsx = path.join(projectRoot, 'node_modules/.bin/tsx');

let h: Harness;
let service: { baseUrl: string; close: () => Promise<void> };
let account: TestAccount;
let fake: FakeUpstream;
beforeAll(async () => {
  h = createHarness();
  service = await serveBuiltIn(h);
  account = await h.createAccount();
  fake = await startFakeUpstream();
});
afterAll(() => closeInOrder(fake, service, h));

const api = (args: string[], env: Record<string, string> = { UPSTREAM_BASE_URL: service.baseUrl, UPSTREAM_API_KEY: account.key }) =>
  run(tsx, ['src/cli/main.ts', 'api', ...args], { cwd: projectRoot, env: { ...process.env, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

describe('npm run cli -- api', () => {
  it('calls the operation and prints its data as JSON', async () => {
    await account.call('create-participant', { tag: 'Ana', metadata: { team: 'north' } });
    const { code, stdout } = await api(['list-participants', '{}']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ count: 1, items: [{ tag: 'Ana', metadata: { team: 'north' } }] });
    expect(stdout).toContain('\n  "count": 1'); // pretty-printed
  });

  it('prints a typed error (code, status, message, request id) to stderr and exits 1', async () => {
    const id = randomUUID();
    const missing = await api(['get-participant', JSON.stringify({ participant_id: id })]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(
      new RegExp(`^error: not_found \\(HTTP 404\\) from get-participant: .*${id}\\nrequest id: [0-9a-f-]{36}\\n$`),
    );

    const invalid = await api(['get-participant', '{"participant_id": 5}']);
    expect(invalid.stderr).toBe('error: invalid_value (not sent) from get-participant: Invalid participant_id: expected a UUID\n');
    const notJson = await api(['get-participant', '{nope']);
    expect([notJson.code, notJson.stderr]).toEqual([1, 'error: Invalid JSON format: {nope\n']);
  });

  it('--list lists every operation and alias with its limits', async () => {
    const { code, stdout } = await api(['--list']);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(1 + 26);
    expect(stdout).toMatch(/details\s+details\s+500\s+17\s+yes\s+alias of get-transcription/);
    expect(stdout).toMatch(/analytics\s+analytics\s+5\s+2\s+no\s+quota 30\/month/);
  });

  it("with no upstream configured, calls this deployment's own API with a key it provisions", async () => {
    const { code, stdout } = await api(['list-evaluators'], { PUBLIC_BASE_URL: new URL(service.baseUrl).origin });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ items: expect.any(Array), count: expect.any(Number) });
  });
});

describe('npm run cli -- api <analytics operation>', () => {
  const viaFake = () => ({ UPSTREAM_BASE_URL: fake.baseUrl, UPSTREAM_API_KEY: fake.apiKey });
  // The CLI's ledger row: the same upstream account (base URL and key) and the month of its own clock.
  const ledger = () =>
    readLedgerRow(
      h.db,
      createConversationClient({ baseUrl: fake.baseUrl, apiKey: fake.apiKey }).accountRef,
      'analytics-evaluator',
      new Date(),
    );

  it('goes through the quota ledger: the call is counted as used', async () => {
    const evaluatorId = randomUUID();
    fake.script('analytics-evaluator', { json: { data: dashboardAnswer('evaluator', 3) } });
    const { code, stdout, stderr } = await api(
      ['analytics-evaluator', JSON.stringify({ evaluator_id: evaluatorId, start_date: '2026-10-01' })],
      viaFake(),
    );
    expect([code, stderr]).toEqual([0, '']);
    expect(JSON.parse(stdout).raw_data).toHaveLength(3);
    expect(fake.requestsFor('analytics-evaluator').map((r) => r.body)).toEqual([{ evaluator_id: evaluatorId, start_date: '2026-10-01' }]);
    expect(await ledger()).toMatchObject({ used: 1, reserved: 0 });
  });

  it('is refused in one line, nothing sent, when the ledger has no room', async () => {
    const scope = createConversationClient({ baseUrl: fake.baseUrl, apiKey: fake.apiKey }).accountRef;
    const month = monthOf(new Date());
    await h.db.hubQuotaLedger.update({
      where: { scope_endpoint_month: { scope, endpoint: 'analytics-evaluator', month: month.start } },
      data: { used: 450 },
    });
    const sent = fake.requests.length;
    const { code, stdout, stderr } = await api(['analytics-evaluator', JSON.stringify({ evaluator_id: randomUUID() })], viaFake());
    expect([code, stdout]).toEqual([1, '']);
    expect(stderr).toMatch(
      /^error: quota_exceeded \(not sent\) from analytics-evaluator: monthly quota of analytics-evaluator \(500\) minus the on-demand reserve \(50\) leaves no room: 450 used, 0 in flight; resets \d{4}-\d{2}-01T00:00:00Z\n$/,
    );
    expect(fake.requests.length).toBe(sent);
    expect(await ledger()).toMatchObject({ used: 450, reserved: 0 });
  });
});
