/**
 * Rotating the signing secret from the Deliveries page (docs/console-deliveries.md "Signing
 * secret"), without a browser: a double-click, its two requests one after the other or at the
 * same time, rotates once, so the receivers' secret keeps its overlap and the new secret its
 * one showing.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import { createHarness, type Harness, type TestAccount } from '../support/harness.js';
import { startHubStack, type HubStack } from '../support/hub-stack.js';
import { closeInOrder } from '../support/close-in-order.js';

let h: Harness;
let stack: HubStack;
let account: TestAccount;
const password = 'a long enough password';
const admin = { email: `admin-${randomUUID().slice(0, 8)}@example.com`, name: 'Ada Admin' };
let agent: ReturnType<typeof request.agent>;

beforeAll(async () => {
  h = createHarness();
  stack = await startHubStack(h);
  await createConsoleUser(h.db, { ...admin, role: 'admin', password }, { kind: 'cli' });
  account = await h.createAccount();
  agent = request.agent(stack.app);
  const signIn = await agent.get('/console/sign-in');
  const token = /name="_csrf" value="([^"]+)"/.exec(signIn.text)?.[1] ?? '';
  await agent.post('/console/sign-in').type('form').send({ _csrf: token, email: admin.email, password, next: '/console' });
}, 60_000);
afterAll(() => closeInOrder(stack, h));

/** The rotate form's fields as the page sends them, with an overlap of an hour. */
async function rotateForm(): Promise<Record<string, string>> {
  const page = await agent.get(`/console/deliveries?account=${account.id}`);
  expect(page.status).toBe(200);
  const form = /<form method="post" action="\/console\/deliveries\/rotate-secret"[^>]*>([\s\S]*?)<\/form>/.exec(page.text);
  const fields = Object.fromEntries(
    [...(form?.[1] ?? '').matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  );
  return { ...fields, overlap: '1h' };
}

const secretsOf = () =>
  h.db.account.findUniqueOrThrow({ where: { id: account.id }, select: { webhookSecret: true, previousWebhookSecret: true } });

describe('rotating the signing secret twice from one form (a double-click)', () => {
  it('rotates once when the requests come one after the other: the old secret keeps its overlap, the new one is shown', async () => {
    const original = (await secretsOf()).webhookSecret;
    const form = await rotateForm();
    const first = await agent.post('/console/deliveries/rotate-secret').type('form').send(form);
    expect(first.status).toBe(303);
    const second = await agent.post('/console/deliveries/rotate-secret').type('form').send(form);
    expect(second.status).toBe(303);
    expect(second.headers.location).toBe(`/console/deliveries?account=${account.id}&rotation=refused`);
    const after = await secretsOf();
    expect(after.previousWebhookSecret).toBe(original);
    expect(after.webhookSecret).not.toBe(original);
    // The page the browser lands on: the first request's new secret, and why the second did nothing.
    const page = (await agent.get(second.headers.location ?? '')).text;
    expect(page).toContain(`New secret, shown only this once: ${after.webhookSecret}`);
    expect(page).toContain('Not rotated: the signing secret\nhad already changed since this form was loaded');
    // With the console's script, the button is disabled once the form is sent.
    expect(page).toMatch(/<form method="post" action="\/console\/deliveries\/rotate-secret"[^>]* data-submit-once>/);
  });

  it('rotates once when they come at the same time, and the new secret is still shown', async () => {
    const before = (await secretsOf()).webhookSecret;
    const form = await rotateForm();
    const answers = await Promise.all([0, 1].map(() => agent.post('/console/deliveries/rotate-secret').type('form').send(form)));
    expect(answers.map((a) => a.headers.location).filter((to) => to?.endsWith('&rotation=refused'))).toHaveLength(1);
    const after = await secretsOf();
    expect(after.previousWebhookSecret).toBe(before);
    expect((await agent.get(`/console/deliveries?account=${account.id}`)).text).toContain(
      `New secret, shown only this once: ${after.webhookSecret}`,
    );
  });

  it('refuses a form without the secret it was loaded under (a page older than this console)', async () => {
    const before = await secretsOf();
    const form = await rotateForm();
    delete form.secret_version;
    const refused = await agent.post('/console/deliveries/rotate-secret').type('form').send(form);
    expect(refused.status).toBe(303);
    expect((await agent.get(refused.headers.location ?? '')).text).toContain(
      'Cannot rotate the secret: secret_version: reload the page and rotate again',
    );
    expect(await secretsOf()).toEqual(before);
  });
});
