/**
 * Free text the admin API stores (account and key names) follows the API's
 * text rule: trimmed, 1 to 100 characters, and no control characters (schemathesis made accounts
 * whose names held them).
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../../../src/service/accounts/create-account.js';
import { errorBody, type Harness } from '../../support/harness.js';
import { adminToken, hubStackForFile, type HubStack } from '../../support/hub-stack.js';

let h: Harness;
let stack: HubStack;
hubStackForFile((harness, started) => {
  h = harness;
  stack = started;
});

const post = (path: string, body: object) =>
  request(stack.app).post(`/admin${path}`).set('authorization', `Bearer ${adminToken}`).send(body);
const unique = () => `acct-${randomUUID().slice(0, 8)}`;

describe('admin names', () => {
  it.each([
    ['a line break', (n: string) => `${n}\nsecond line`],
    ['a tab', (n: string) => `${n}\tx`],
    ['an escape sequence', (n: string) => `${n}\u001b[31mred`],
    ['DEL', (n: string) => `${n}\u007f`],
    ['a C1 control', (n: string) => `${n}\u0085`],
  ])('refuse an account name with %s (400), creating nothing', async (_what, make) => {
    const name = make(unique());
    const res = await post('/accounts', { name });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('invalid_value', 'Invalid name: must not contain control characters'));
    expect(await h.db.account.count({ where: { name } })).toBe(0);
  });

  it('refuse empty, whitespace-only and over-long names, and a NUL', async () => {
    expect((await post('/accounts', { name: '   ' })).body).toEqual(
      errorBody('invalid_value', 'Invalid name: must not be empty or whitespace only'),
    );
    expect((await post('/accounts', { name: 'x'.repeat(101) })).body).toEqual(
      errorBody('invalid_value', 'Invalid name: must be at most 100 characters'),
    );
    expect((await post('/accounts', { name: 'a\u0000b' })).status).toBe(400);
  });

  it('trim what they store, and keep printable Unicode', async () => {
    const name = `  ${unique()} Équipe ☎  `;
    const res = await post('/accounts', { name });
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe(name.trim());
  });

  it('apply to API key names too', async () => {
    const account = unique();
    expect((await post('/accounts', { name: account })).status).toBe(201);
    const bad = await post(`/accounts/${account}/keys`, { name: 'ops\r\nX-Injected: 1' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(errorBody('invalid_value', 'Invalid name: must not contain control characters'));
    const good = await post(`/accounts/${account}/keys`, { name: '  ops  ' });
    expect(good.status).toBe(201);
    expect(good.body.data.name).toBe('ops');
  });

  it('hold for the functions the CLI calls as well', async () => {
    await expect(createAccount(h.db, `${unique()}\u0007`)).rejects.toThrow('Invalid account name: must not contain control characters');
  });
});
