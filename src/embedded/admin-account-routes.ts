/**
 * Admin routes for the built-in service's accounts and API keys. They live with the embedded glue,
 * not in the hub: they call the service's account functions, which the hub itself never imports,
 * and they exist only where the built-in service runs in the same deployment.
 */
import { z } from 'zod';
import { defineAdminRoute } from '../hub/admin/admin-route.js';
import { KeyName, createApiKey, deactivateApiKey, deleteApiKey, listApiKeys, type ApiKeySummary } from '../service/accounts/api-keys.js';
import { AccountName, createAccount, type AccountRecord } from '../service/accounts/create-account.js';
import { findAccount, listAccounts } from '../service/accounts/find-account.js';

const Account = z.object({ id: z.string(), name: z.string(), created_at: z.string() });
const AccountWithSecret = Account.extend({ webhook_signing_secret: z.string(), active_keys: z.number(), keys: z.number() });
const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  deactivated_at: z.string().nullable(),
});

const toAccount = (a: AccountRecord) => ({ id: a.id, name: a.name, created_at: a.createdAt.toISOString() });
const toKey = (k: ApiKeySummary) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  is_active: k.isActive,
  created_at: k.createdAt.toISOString(),
  deactivated_at: k.deactivatedAt?.toISOString() ?? null,
});

const AccountRef = z.object({ account: z.string().min(1).max(100) });
const KeyRef = z.object({ keyId: z.guid({ error: 'expected a UUID' }) });

export const adminAccountRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/accounts',
    summary: 'Accounts of the built-in service',
    tag: 'accounts',
    response: z.object({ accounts: z.array(Account) }),
    async handle(_input, ctx) {
      return { accounts: (await listAccounts(ctx.db)).map(toAccount) };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/accounts',
    errors: ['invalid_value'],
    summary: 'Create an account of the built-in service',
    tag: 'accounts',
    status: 201,
    body: z.object({ name: AccountName }),
    response: Account,
    async handle({ body }, ctx) {
      return toAccount(await createAccount(ctx.db, body.name));
    },
  }),
  defineAdminRoute({
    method: 'get',
    path: '/accounts/:account',
    errors: ['not_found'],
    summary: 'An account (by id or name) with its webhook signing secret',
    tag: 'accounts',
    params: AccountRef,
    response: AccountWithSecret,
    async handle({ params }, ctx) {
      const account = await findAccount(ctx.db, params.account);
      const keys = await listApiKeys(ctx.db, account.id);
      return {
        ...toAccount(account),
        webhook_signing_secret: account.webhookSecret,
        active_keys: keys.filter((k) => k.isActive).length,
        keys: keys.length,
      };
    },
  }),
  defineAdminRoute({
    method: 'get',
    path: '/accounts/:account/keys',
    errors: ['not_found'],
    summary: "An account's API keys (never the keys themselves)",
    tag: 'accounts',
    params: AccountRef,
    response: z.object({ keys: z.array(ApiKey) }),
    async handle({ params }, ctx) {
      const account = await findAccount(ctx.db, params.account);
      return { keys: (await listApiKeys(ctx.db, account.id)).map(toKey) };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/accounts/:account/keys',
    errors: ['not_found', 'invalid_value'],
    summary: 'Create an API key; the key is in this answer only',
    tag: 'accounts',
    status: 201,
    params: AccountRef,
    body: z.object({ name: KeyName }),
    response: ApiKey.extend({ key: z.string() }),
    async handle({ params, body }, ctx) {
      const account = await findAccount(ctx.db, params.account);
      const { key, apiKey } = await createApiKey(ctx.db, account.id, body.name);
      return { ...toKey(apiKey), key };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/keys/:keyId/deactivate',
    errors: ['not_found'],
    summary: 'Deactivate an API key (requests with it get 403)',
    tag: 'accounts',
    params: KeyRef,
    response: ApiKey,
    async handle({ params }, ctx) {
      return toKey(await deactivateApiKey(ctx.db, params.keyId));
    },
  }),
  defineAdminRoute({
    method: 'delete',
    path: '/keys/:keyId',
    errors: ['not_found'],
    summary: 'Delete an API key',
    tag: 'accounts',
    params: KeyRef,
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
    async handle({ params }, ctx) {
      await deleteApiKey(ctx.db, params.keyId);
      return { id: params.keyId, deleted: true as const };
    },
  }),
];
