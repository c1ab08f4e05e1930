/**
 * The Alerts and Reports & quota pages' routes without a browser (supertest, a signed-in agent):
 * the console's one set of form helpers (zod refusal flashed on the page, JSON for scripts, CSRF,
 * the admin role), the digest sent now when no channel takes it (an error flash per channel, the
 * run recorded), evaluators shown by their mirrored name, and keyset paging ("Older" links and the
 * admin API's cursor) of the outbox, the digest runs and the report runs, a bad cursor refused.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Id } from '../../src/contract/common.js';
import { setEvaluatorChannel } from '../../src/hub/alerts/channel-routing.js';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import { writeMirror } from '../../src/hub/mirror/mirror-transcription.js';
import { encodeKeysetCursor, invalidCursorMessage } from '../../src/lib/paging/keyset-cursor.js';
import { startFakeSlack, type FakeSlack } from '../fakes/fake-slack.js';
import { evaluatedTranscription, slackHub } from '../hub/alerts/support.js';
import { createHarness, errorBody, type Harness } from '../support/harness.js';
import { adminToken, startHubStack, type HubStack } from '../support/hub-stack.js';

let h: Harness;
let fake: FakeSlack;
let stack: HubStack;
const password = 'a long enough password';
const suffix = randomUUID().slice(0, 8);
const admin = { email: `admin-${suffix}@example.com`, name: 'Ada Admin' };
const viewer = { email: `viewer-${suffix}@example.com`, name: 'Vic Viewer' };
// Rows this file adds to the shared tables (alerts, digest runs), removed after it.
const addedAlerts: string[] = [];
const addedDigestRuns: string[] = [];

beforeAll(async () => {
  h = createHarness();
  // The default channel is one the fake Slack does not know: every digest post is refused.
  fake = await startFakeSlack({ channels: ['C0KNOWN001'] });
  // Every test signs in afresh: sign-in limits out of the way.
  stack = await startHubStack(h, {
    hub: (defaults) => slackHub(fake, defaults, { defaultChannel: 'C0NOWHERE1' }),
    console: { signInPerMinute: 1_000, signInPerMinutePerAddress: 1_000 },
  });
  await createConsoleUser(h.db, { ...admin, role: 'admin', password }, { kind: 'cli' });
  await createConsoleUser(h.db, { ...viewer, role: 'viewer', password }, { kind: 'cli' });
}, 60_000);
afterAll(async () => {
  await h?.db.hubAlert.deleteMany({ where: { id: { in: addedAlerts } } });
  await h?.db.hubDigestRun.deleteMany({ where: { id: { in: addedDigestRuns } } });
  await stack?.close();
  await h?.close();
  await fake?.close();
});

/** A browser-like agent signed in as `who`, with its CSRF token. */
async function signedIn(who: { email: string }) {
  const agent = request.agent(stack.app);
  const page = await agent.get('/console/sign-in');
  const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
  const res = await agent.post('/console/sign-in').type('form').send({ _csrf: token, email: who.email, password, next: '/console/alerts' });
  expect(res.status).toBe(303);
  const home = await agent.get('/console/alerts');
  const csrf = /name="csrf-token" content="([^"]+)"/.exec(home.text)?.[1] ?? '';
  return { agent, csrf };
}

const flashOf = (page: string) => /<p class="flash (ok|error)" role="status">([^<]*)<\/p>/.exec(page)?.slice(1) ?? null;
const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The data-id of each row of a table (by its class). */
function rowIds(page: string, table: string): string[] {
  const start = page.indexOf(`<table class="${table}"`);
  const body = page.slice(start, page.indexOf('</table>', start));
  return [...body.matchAll(/<tr data-id="([^"]+)"/g)].map((m) => m[1]);
}
const linkOf = (page: string, id: string) => {
  const href = new RegExp(`<a href="([^"]+)"[^>]*id="${id}"`).exec(page)?.[1];
  return href ? unescape(href) : null;
};
/** Newest first as the lists order them: time, then id, both descending. */
const newestFirst = <T extends { at: Date; id: string }>(rows: T[]) =>
  [...rows].sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));

describe('console forms: one set of helpers', () => {
  it('flashes a zod refusal on the page it came from, answers JSON to scripts, and checks CSRF and the role', async () => {
    const { agent, csrf } = await signedIn(admin);
    const refused = await agent
      .post('/console/alerts/routes')
      .type('form')
      .send({ _csrf: csrf, evaluator_id: 'not-an-id', channel: 'C0KNOWN001' });
    expect(refused.status).toBe(303);
    expect(refused.headers.location).toBe('/console/alerts');
    const idError = Id.safeParse('not-an-id').error?.issues[0]?.message;
    const expected = `Cannot route the alerts: evaluator_id: ${idError}`;
    // The session was saved before the 303: the very next page has the flash.
    expect(flashOf((await agent.get('/console/alerts')).text)).toEqual([
      'error',
      expected.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'),
    ]);

    const json = await agent
      .post('/console/alerts/routes')
      .set('accept', 'application/json')
      .type('form')
      .send({ _csrf: csrf, evaluator_id: 'not-an-id', channel: 'C0KNOWN001' });
    expect(json.status).toBe(400);
    expect(json.body).toEqual(errorBody('invalid_value', expected));

    const noToken = await agent.post('/console/alerts/digest').set('accept', 'application/json').type('form').send({});
    expect(noToken.status).toBe(403);
    const runs = await h.db.hubDigestRun.count();
    const asViewer = await signedIn(viewer);
    const forbidden = await asViewer.agent
      .post('/console/alerts/digest')
      .set('accept', 'application/json')
      .type('form')
      .send({ _csrf: asViewer.csrf });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual(errorBody('forbidden', 'Only an admin can do this: your role reads these pages only'));
    expect(await h.db.hubDigestRun.count()).toBe(runs);
  });

  it('a refused report pull comes back to the runs with its reason', async () => {
    const { agent, csrf } = await signedIn(admin);
    const res = await agent.post('/console/reports/pull').type('form').send({ _csrf: csrf, kind: 'account', period: '2026-10' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/console/reports#runs-h');
    expect(flashOf((await agent.get('/console/reports')).text)).toEqual([
      'error',
      'Cannot pull: confirm: Confirm the pull on its preview page first',
    ]);
  });
});

describe('the digest sent now when no channel takes it', () => {
  it('redirects back with an error flash naming each channel and what Slack said, and keeps the run', async () => {
    const evaluatorId = randomUUID();
    await writeMirror(stack.hub, evaluatedTranscription({ evaluatorId, evaluatorTag: 'Digest QA', group: 'PENDING_REVIEW' }), []);
    await setEvaluatorChannel(h.db, evaluatorId, 'C0MISSING1');
    const { agent, csrf } = await signedIn(admin);
    const before = await h.db.hubDigestRun.findMany({ select: { id: true } });

    const res = await agent.post('/console/alerts/digest').type('form').send({ _csrf: csrf });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/console/alerts#digest-h');
    const run = await h.db.hubDigestRun.findFirstOrThrow({ where: { id: { notIn: before.map((r) => r.id) } } });
    addedDigestRuns.push(run.id);
    const failures = run.failures as { channel: string; error: string }[];
    expect(run.posts).toEqual([]);
    expect(failures.map((f) => f.channel)).toContain('C0MISSING1');
    expect(failures.every((f) => f.error.startsWith('channel_not_found: '))).toBe(true);

    const page = (await agent.get('/console/alerts')).text;
    const [kind, text] = flashOf(page) ?? [];
    expect(kind).toBe('error');
    const perChannel = failures.map((f) => `${f.channel}: channel_not_found (${f.error.slice('channel_not_found: '.length)})`);
    expect(unescape(text ?? '')).toBe(`The digest was not posted to any channel: ${perChannel.join('; ')}. The run is recorded below.`);
    expect(rowIds(page, 'digest-runs')[0]).toBe(run.id);
  });
});

describe('evaluators by name', () => {
  it("shows a routed evaluator's latest mirrored name with its id as secondary text, and the id alone when the mirror has no name", async () => {
    const named = randomUUID();
    const unknown = randomUUID();
    await writeMirror(
      stack.hub,
      evaluatedTranscription({ evaluatorId: named, evaluatorTag: 'Old name', criticalFail: false, recordedAt: '2026-01-05T10:00:00.000Z' }),
      [],
    );
    await writeMirror(
      stack.hub,
      evaluatedTranscription({
        evaluatorId: named,
        evaluatorTag: 'Billing QA',
        criticalFail: false,
        recordedAt: '2026-02-05T10:00:00.000Z',
      }),
      [],
    );
    await setEvaluatorChannel(h.db, named, 'C0KNOWN001');
    await setEvaluatorChannel(h.db, unknown, 'C0KNOWN001');
    const { agent } = await signedIn(viewer);
    const page = (await agent.get('/console/alerts')).text;
    const row = (id: string) => new RegExp(`<tr data-evaluator="${id}">\\s*<td class="evaluator">(.*?)</td>`, 's').exec(page)?.[1];
    expect(row(named)).toBe(
      `<span class="evaluator-name" title="${named}">Billing QA</span><br><span class="muted evaluator-id">${named}</span>`,
    );
    expect(row(unknown)).toBe(`<span class="evaluator-id">${unknown}</span>`);

    // A report run of that evaluator recorded without its tag: named from the mirror too.
    const scope = (await stack.hub.upstream()).accountRef;
    const run = await h.db.hubReportRun.create({
      data: {
        scope,
        kind: 'evaluator',
        subjectId: named,
        subjectTag: null,
        period: '2026-W05',
        periodStart: new Date('2026-01-26'),
        periodEnd: new Date('2026-02-02'),
        quotaMonth: new Date('2026-02-01'),
        dueAt: new Date('2026-02-02'),
        priority: 0,
        status: 'skipped',
        reason: 'test',
      },
    });
    const reports = (await agent.get('/console/reports')).text;
    expect(new RegExp(`<tr data-id="${run.id}"[^>]*>\\s*<td>(.*?)</td>`, 's').exec(reports)?.[1]).toBe(
      `evaluator · <span class="subject" title="${named}">Billing QA</span>`,
    );
    await h.db.hubReportRun.delete({ where: { id: run.id } });
  });
});

describe('keyset paging', () => {
  it('pages the outbox with an "Older" link (created, then id) and the admin API with the same cursor', async () => {
    // 105 alerts newer than any other, three to a millisecond (the id breaks the tie).
    const base = Date.UTC(2100, 0, 1);
    const rows = Array.from({ length: 105 }, (_, i) => ({
      id: randomUUID(),
      transcriptionId: randomUUID(),
      kind: 'critical_fail',
      status: 'sent',
      createdAt: new Date(base + Math.floor(i / 3)),
    }));
    await h.db.hubAlert.createMany({ data: rows });
    addedAlerts.push(...rows.map((r) => r.id));
    const expected = newestFirst(rows.map((r) => ({ at: r.createdAt, id: r.id }))).map((r) => r.id);

    const { agent } = await signedIn(viewer);
    const first = (await agent.get('/console/alerts?status=sent')).text;
    expect(rowIds(first, 'alerts')).toEqual(expected.slice(0, 100));
    expect(linkOf(first, 'alerts-newest')).toBeNull();
    const older = linkOf(first, 'alerts-older');
    expect(older).toMatch(/^\/console\/alerts\?status=sent&cursor=[A-Za-z0-9_-]+#outbox-h$/);
    const second = (await agent.get(older!.replace(/#.*$/, ''))).text;
    expect(rowIds(second, 'alerts').filter((id) => addedAlerts.includes(id))).toEqual(expected.slice(100));
    expect(linkOf(second, 'alerts-newest')).toBe('/console/alerts?status=sent#outbox-h');

    const auth = { authorization: `Bearer ${adminToken}` };
    const page1 = await request(stack.app).get('/admin/alerts?status=sent&limit=60').set(auth);
    expect(page1.status).toBe(200);
    expect(page1.body.data.alerts.map((a: { id: string }) => a.id)).toEqual(expected.slice(0, 60));
    const page2 = await request(stack.app).get(`/admin/alerts?status=sent&limit=60&cursor=${page1.body.data.next_cursor}`).set(auth);
    expect(page2.body.data.alerts.map((a: { id: string }) => a.id).filter((id: string) => addedAlerts.includes(id))).toEqual(
      expected.slice(60),
    );
  });

  it('pages the digest runs apart from the outbox, and the admin API with the same cursor', async () => {
    const base = Date.UTC(2100, 0, 1);
    const rows = Array.from({ length: 12 }, (_, i) => ({
      id: randomUUID(),
      tick: `t-${i}`,
      trigger: 'clock',
      pending: i,
      posts: [],
      failures: [],
      startedAt: new Date(base),
      finishedAt: new Date(base + Math.floor(i / 2)),
    }));
    await h.db.hubDigestRun.createMany({ data: rows });
    addedDigestRuns.push(...rows.map((r) => r.id));
    const expected = newestFirst(rows.map((r) => ({ at: r.finishedAt, id: r.id }))).map((r) => r.id);

    const { agent } = await signedIn(viewer);
    const first = (await agent.get('/console/alerts?status=failed')).text;
    expect(rowIds(first, 'digest-runs')).toEqual(expected.slice(0, 10));
    const older = linkOf(first, 'digest-runs-older');
    expect(older).toMatch(/^\/console\/alerts\?status=failed&digest_cursor=[A-Za-z0-9_-]+#digest-h$/);
    const second = (await agent.get(older!.replace(/#.*$/, ''))).text;
    const mine = new Set<string>(expected);
    expect(rowIds(second, 'digest-runs').filter((id) => mine.has(id))).toEqual(expected.slice(10));
    expect(linkOf(second, 'digest-runs-newest')).toBe('/console/alerts?status=failed#digest-h');

    const auth = { authorization: `Bearer ${adminToken}` };
    const page1 = await request(stack.app).get('/admin/alerts/digest-runs?limit=7').set(auth);
    expect(page1.body.data.runs.map((r: { id: string }) => r.id)).toEqual(expected.slice(0, 7));
    const page2 = await request(stack.app).get(`/admin/alerts/digest-runs?limit=7&cursor=${page1.body.data.next_cursor}`).set(auth);
    expect(page2.body.data.runs.map((r: { id: string }) => r.id).filter((id: string) => mine.has(id))).toEqual(expected.slice(7));
  });

  it('pages the report runs (newest recorded first) with an "Older" link, and the admin API with the same cursor', async () => {
    const scope = (await stack.hub.upstream()).accountRef;
    const base = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: 103 }, (_, i) => ({
      id: randomUUID(),
      scope,
      kind: 'participant' as const,
      subjectId: randomUUID(),
      period: '2026-01',
      periodStart: new Date('2026-01-01'),
      periodEnd: new Date('2026-02-01'),
      quotaMonth: new Date('2026-02-01'),
      dueAt: new Date('2026-02-01'),
      priority: i,
      status: 'skipped' as const,
      reason: 'paging test',
      createdAt: new Date(base + Math.floor(i / 4)),
    }));
    await h.db.hubReportRun.createMany({ data: rows });
    const expected = newestFirst(rows.map((r) => ({ at: r.createdAt, id: r.id }))).map((r) => r.id);

    const { agent } = await signedIn(viewer);
    const first = (await agent.get('/console/reports')).text;
    expect(rowIds(first, 'runs')).toEqual(expected.slice(0, 100));
    const older = linkOf(first, 'runs-older');
    expect(older).toMatch(/^\/console\/reports\?cursor=[A-Za-z0-9_-]+#runs-h$/);
    const second = (await agent.get(older!.replace(/#.*$/, ''))).text;
    expect(rowIds(second, 'runs')).toEqual(expected.slice(100));
    expect(linkOf(second, 'runs-older')).toBeNull();
    expect(linkOf(second, 'runs-newest')).toBe('/console/reports#runs-h');

    const auth = { authorization: `Bearer ${adminToken}` };
    const page1 = await request(stack.app).get('/admin/reports/runs?limit=80').set(auth);
    expect(page1.body.data.runs.map((r: { id: string }) => r.id)).toEqual(expected.slice(0, 80));
    const page2 = await request(stack.app).get(`/admin/reports/runs?limit=80&cursor=${page1.body.data.next_cursor}`).set(auth);
    expect(page2.body.data.runs.map((r: { id: string }) => r.id)).toEqual(expected.slice(80));
    expect(page2.body.data.next_cursor).toBeNull();
  });

  it('refuses a bad cursor with a 400 page (and a 400 from the admin API), not a crash', async () => {
    const notUuid = encodeKeysetCursor({ at: new Date(), id: 'x' });
    const { agent } = await signedIn(viewer);
    for (const [url, field] of [
      ['/console/alerts?cursor=garbage', 'cursor'],
      [`/console/alerts?digest_cursor=${notUuid}`, 'digest_cursor'],
      [`/console/reports?cursor=${'A'.repeat(300)}`, 'cursor'],
    ] as const) {
      const res = await agent.get(url);
      expect(res.status, url).toBe(400);
      const prefix = url.startsWith('/console/alerts') ? 'Invalid filter' : 'Invalid page';
      expect(unescape(res.text), url).toContain(`${prefix}: ${field}: ${invalidCursorMessage}`);
    }
    // The pages that paged already: Receipts, and Deliveries (whose cursor names a uuid row: not a database error).
    const receipts = await agent.get('/console/receipts?cursor=garbage');
    expect(receipts.status).toBe(400);
    expect(unescape(receipts.text)).toContain('Invalid cursor: use next_cursor from a previous page');
    const deliveries = await agent.get(`/console/deliveries?account=${stack.account.id}&cursor=${notUuid}`);
    expect(deliveries.status).toBe(400);
    expect(unescape(deliveries.text)).toContain('Invalid cursor: use next_cursor from a previous page');

    const auth = { authorization: `Bearer ${adminToken}` };
    const adminDeliveries = await request(stack.app).get(`/admin/accounts/${stack.account.id}/deliveries?cursor=${notUuid}`).set(auth);
    expect(adminDeliveries.status).toBe(400);
    expect(adminDeliveries.body).toEqual(errorBody('invalid_value', 'Invalid cursor: use next_cursor from a previous page'));
    for (const path of ['/admin/alerts', '/admin/alerts/digest-runs', '/admin/reports/runs']) {
      const res = await request(stack.app).get(`${path}?cursor=${notUuid}`).set(auth);
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe('invalid_value');
      expect(res.body.error.message).toContain(invalidCursorMessage);
    }
  });
});
