import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, errorBody, type Harness } from '../support/harness.js';
import { adminToken, startHubStack, type HubStack } from '../support/hub-stack.js';
import { projectRoot } from '../support/processes.js';
import { closeInOrder } from '../support/close-in-order.js';

let h: Harness;
let stack: HubStack;
beforeAll(async () => {
  h = createHarness();
  stack = await startHubStack(h, { console: { signInPerMinute: 3 } });
});
afterAll(() => closeInOrder(stack, h));

const password = 'a long enough password';
const email = () => `user-${randomUUID().slice(0, 8)}@example.com`;
const admin = {
  get: (p: string) => request(stack.app).get(`/admin${p}`).set('authorization', `Bearer ${adminToken}`),
  post: (p: string, body: object = {}) => request(stack.app).post(`/admin${p}`).set('authorization', `Bearer ${adminToken}`).send(body),
};

/** A browser-like agent: fetches the sign-in page for its CSRF token, then signs in. */
async function signedInAgent(who: string) {
  const agent = request.agent(stack.app);
  const page = await agent.get('/console/sign-in');
  const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
  const res = await agent.post('/console/sign-in').type('form').send({ _csrf: token, email: who, password, next: '/console/dashboard' });
  const home = await agent.get('/console');
  const csrf = /name="csrf-token" content="([^"]+)"/.exec(home.text)?.[1] ?? '';
  return { agent, res, csrf };
}

describe('console users through the admin API', () => {
  it('creates, lists and deactivates users; deactivation revokes their sessions', async () => {
    const who = email();
    const created = await admin.post('/console/users', { email: who.toUpperCase(), name: 'Ann Lead', role: 'lead', password });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email: who, name: 'Ann Lead', role: 'lead', is_active: true, deactivated_at: null });
    expect(JSON.stringify(created.body)).not.toContain('argon2');
    const stored = await h.db.hubConsoleUser.findUniqueOrThrow({ where: { email: who } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);

    const again = await admin.post('/console/users', { email: who, name: 'Ann', role: 'lead', password });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(errorBody('conflict', `A console user with email ${who} already exists`));
    const weak = await admin.post('/console/users', { email: email(), name: 'Bo', role: 'boss', password: 'short' });
    expect(weak.status).toBe(400);

    const { agent, res } = await signedInAgent(who);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/console/dashboard');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/convoqa_console=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/console/);
    expect((await agent.get('/console')).status).toBe(200);

    expect((await admin.get('/console/users')).body.data.items.map((u: { email: string }) => u.email)).toContain(who);
    const deactivated = await admin.post(`/console/users/${stored.id}/deactivate`);
    expect(deactivated.body.data).toMatchObject({ email: who, is_active: false, sessions_revoked: 1 });
    const after = await agent.get('/console');
    expect(after.status).toBe(303);
    expect(after.headers.location).toBe('/console/sign-in?next=%2Fconsole');
    const retry = await signedInAgent(who);
    expect(retry.res.status).toBe(401);
    const audit = await h.db.hubAuditEvent.findMany({
      where: { OR: [{ after: { path: ['email'], equals: who } }] },
      orderBy: { createdAt: 'asc' },
    });
    expect(audit.map((e) => [e.kind, e.actor])).toEqual([
      ['user_created', 'admin-api'],
      ['user_deactivated', 'admin-api'],
    ]);
  });
});

describe('sign-in and sessions', () => {
  it('rate-limits sign-in attempts per email, with the same answer for unknown emails', async () => {
    const agent = request.agent(stack.app);
    const page = await agent.get('/console/sign-in');
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const who = email();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push(
        (await agent.post('/console/sign-in').type('form').send({ _csrf: token, email: who, password: 'wrong wrong wrong' })).status,
      );
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await agent.post('/console/sign-in').type('form').send({ _csrf: token, email: who, password: 'wrong wrong wrong' });
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.text).toContain('Too many sign-in attempts');
  });

  it('refuses a sign-in without the CSRF token, and any change without it', async () => {
    const res = await request(stack.app).post('/console/sign-in').type('form').send({ email: email(), password });
    expect(res.status).toBe(403);
    const who = email();
    await admin.post('/console/users', { email: who, name: 'Cy', role: 'lead', password });
    const { agent, csrf } = await signedInAgent(who);
    const without = await agent
      .post('/console/queue/move')
      .set('accept', 'application/json')
      .type('form')
      .send({ group: 'ARCHIVED', ids: randomUUID() });
    expect(without.status).toBe(403);
    expect(without.body).toEqual(errorBody('forbidden', 'Missing or invalid CSRF token: reload the page and try again'));
    const wrong = await agent
      .post('/console/queue/move')
      .set('accept', 'application/json')
      .set('x-csrf-token', `${csrf}x`)
      .type('form')
      .send({ group: 'ARCHIVED', ids: randomUUID() });
    expect(wrong.status).toBe(403);
  });

  it('signs out (the session row is deleted) and never redirects off the console after sign-in', async () => {
    const who = email();
    await admin.post('/console/users', { email: who, name: 'Di', role: 'viewer', password });
    const agent = request.agent(stack.app);
    const page = await agent.get('/console/sign-in');
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    const res = await agent
      .post('/console/sign-in')
      .type('form')
      .send({ _csrf: token, email: who, password, next: '//evil.example/console' });
    expect(res.headers.location).toBe('/console');
    const home = await agent.get('/console');
    const csrf = /name="csrf-token" content="([^"]+)"/.exec(home.text)?.[1] ?? '';
    const user = await h.db.hubConsoleUser.findUniqueOrThrow({ where: { email: who } });
    const rows = () =>
      h.db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM hub_console_sessions WHERE sess->'user'->>'id' = ${user.id}`;
    expect(Number((await rows())[0]?.n)).toBe(1);
    const out = await agent.post('/console/sign-out').type('form').send({ _csrf: csrf });
    expect(out.headers.location).toBe('/console/sign-in?signed_out=1');
    expect(Number((await rows())[0]?.n)).toBe(0);
    expect((await agent.get('/console')).status).toBe(303);
  });

  it('renews the idle expiry only when it moves by more than a minute, ends an idle session, and reads the role on every request', async () => {
    const who = email();
    await admin.post('/console/users', { email: who, name: 'Fay', role: 'lead', password });
    const { agent, csrf } = await signedInAgent(who);
    const user = await h.db.hubConsoleUser.findUniqueOrThrow({ where: { email: who } });
    const expiry = async () =>
      (
        await h.db.$queryRaw<{ e: Date }[]>`SELECT expire AS e FROM hub_console_sessions WHERE sess->'user'->>'id' = ${user.id}`
      )[0]?.e.getTime() ?? 0;
    const first = await expiry();
    expect((await agent.get('/console/dashboard')).status).toBe(200);
    expect(await expiry()).toBe(first);
    await h.db.$executeRaw`UPDATE hub_console_sessions SET expire = expire - interval '5 minutes' WHERE sess->'user'->>'id' = ${user.id}`;
    expect((await agent.get('/console/dashboard')).status).toBe(200);
    expect(await expiry()).toBeGreaterThan(first - 60_000);
    await h.db.hubConsoleUser.update({ where: { id: user.id }, data: { role: 'viewer' } });
    const refused = await agent
      .post('/console/queue/move')
      .set('accept', 'application/json')
      .set('x-csrf-token', csrf)
      .type('form')
      .send({ group: 'ARCHIVED', ids: randomUUID() });
    expect(refused.status).toBe(403);
    await h.db.$executeRaw`UPDATE hub_console_sessions SET expire = now() - interval '1 second' WHERE sess->'user'->>'id' = ${user.id}`;
    const idle = await agent.get('/console/dashboard');
    expect(idle.status).toBe(303);
    expect(idle.headers.location).toBe('/console/sign-in?next=%2Fconsole%2Fdashboard');
  });

  it('ends a session past its absolute lifetime', async () => {
    const who = email();
    await admin.post('/console/users', { email: who, name: 'Ed', role: 'lead', password });
    const { agent } = await signedInAgent(who);
    const user = await h.db.hubConsoleUser.findUniqueOrThrow({ where: { email: who } });
    await h.db
      .$executeRaw`UPDATE hub_console_sessions SET sess = jsonb_set(sess, '{signedInAt}', to_jsonb((extract(epoch from now()) * 1000 - 200 * 3600 * 1000)::bigint)) WHERE sess->'user'->>'id' = ${user.id}`;
    const res = await agent.get('/console/dashboard');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/console/sign-in?next=%2Fconsole%2Fdashboard&expired=1');
  });
});

describe('npm run cli console:users:*', () => {
  const tsx = path.join(projectRoot, 'node_modules/.bin/tsx');
  const cli = (...args: string[]) => promisify(execFile)(tsx, ['src/cli/main.ts', ...args], { cwd: projectRoot, env: process.env });

  it('creates a user with a generated password that signs in, lists and deactivates it', async () => {
    const who = email();
    const { stdout } = await cli('console:users:create', who, '--name', 'Fay Lead', '--role', 'lead');
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^console user [0-9a-f-]{36} ${who} \\(lead\\)$`));
    const generated = lines.at(-1) ?? '';
    expect(generated.length).toBeGreaterThanOrEqual(20);
    const agent = request.agent(stack.app);
    const page = await agent.get('/console/sign-in');
    const token = /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
    expect((await agent.post('/console/sign-in').type('form').send({ _csrf: token, email: who, password: generated })).status).toBe(303);
    expect((await cli('console:users:list')).stdout).toContain(who);
    expect((await cli('console:users:deactivate', who)).stdout.trim()).toBe(
      `console user ${who} deactivated; 1 session(s) revoked; 0 open call(s) back to the pool, 0 reassigned by the rule`,
    );
    const bad = await cli('console:users:create', email(), '--name', 'X', '--role', 'boss').catch(
      (e: { stderr: string; code: number }) => e,
    );
    expect(bad).toMatchObject({ code: 1, stderr: 'error: --role must be admin, lead, viewer, agent, not boss\n' });
    // An agent is linked to the participant whose calls they see: without one, a clear line.
    const unlinked = await cli('console:users:create', email(), '--name', 'Ann Agent', '--role', 'agent').catch(
      (e: { stderr: string; code: number }) => e,
    );
    expect(unlinked).toMatchObject({ code: 1, stderr: 'error: an agent must be linked to a participant (participant id)\n' });
    const { stdout: agentOut } = await cli(
      'console:users:create',
      email(),
      '--name',
      'Ann Agent',
      '--role',
      'agent',
      '--participant',
      randomUUID(),
    );
    expect(agentOut.split('\n')[0]).toMatch(/ \(agent\)$/);
    const { stdout: adminOut } = await cli('console:users:create', email(), '--name', 'Ola Ops', '--role', 'admin');
    expect(adminOut.split('\n')[0]).toMatch(/ \(admin\)$/);
  }, 120_000);
});

describe('the admin role', () => {
  it('is created through the admin API, and retries failed jobs where a lead is refused', async () => {
    const [ops, lead] = [email(), email()];
    const created = await admin.post('/console/users', { email: ops, name: 'Ola Ops', role: 'admin', password });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email: ops, role: 'admin' });
    await admin.post('/console/users', { email: lead, name: 'Lea Lead', role: 'lead', password }).expect(201);
    const path = '/console/queues/hub.reconcile/failed/retry';
    const asLead = await signedInAgent(lead);
    const refused = await asLead.agent.post(path).type('form').set('accept', 'application/json').send({ _csrf: asLead.csrf });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(errorBody('forbidden', 'Only an admin can do this: your role reads these pages only'));
    const asAdmin = await signedInAgent(ops);
    const done = await asAdmin.agent.post(path).type('form').send({ _csrf: asAdmin.csrf });
    expect(done.status).toBe(303);
    expect(done.headers.location).toBe('/console/queues/hub.reconcile');
  });
});
