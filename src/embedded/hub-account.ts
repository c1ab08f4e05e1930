/**
 * The account the hub follows on the built-in service: whose transcriptions it mirrors, alerts on
 * and reports. A newcomer's first calls must use it (or point the hub at theirs), so the CLI can
 * hand out a key of it and explain a 404 for a resource of another account.
 */
import type { Db } from '../db.js';
import { AppError } from '../lib/errors/app-error.js';
import { Id } from '../contract/common.js';
import { authenticateApiKey, createApiKey, type ApiKeySummary } from '../service/accounts/api-keys.js';
import type { AccountRecord } from '../service/accounts/create-account.js';
import { resolveUpstreamApiKey, type UpstreamClientDeps } from './upstream-client.js';

/** The hub's account, provisioning the hub's key on first use; only with the built-in upstream. */
export async function findHubAccount(deps: UpstreamClientDeps): Promise<AccountRecord> {
  if (!deps.config.upstream.isBuiltIn) {
    throw new AppError(
      'invalid_value',
      `The hub follows an account of ${new URL(deps.config.upstream.baseUrl).host} (UPSTREAM_BASE_URL), not of this deployment: create keys there`,
    );
  }
  const accountId = await authenticateApiKey(deps.db, await resolveUpstreamApiKey(deps));
  if (!accountId)
    throw new AppError(
      'forbidden',
      "The hub's API key is deactivated or deleted: set UPSTREAM_API_KEY, or delete the hub_settings row upstream_api_key to provision a new one",
    );
  return deps.db.account.findUniqueOrThrow({ where: { id: accountId } });
}

/** A new API key of the hub's account, for calls whose results the hub must see. */
export async function createHubAccountKey(
  deps: UpstreamClientDeps,
  name: string,
): Promise<{ account: AccountRecord; key: string; apiKey: ApiKeySummary }> {
  const account = await findHubAccount(deps);
  return { account, ...(await createApiKey(deps.db, account.id, name)) };
}

const resourceKinds = ['configuration', 'evaluator', 'participant', 'transcription'] as const;

/**
 * When the hub got a 404 for `id`: if the id is a resource of another account of this deployment,
 * a sentence saying so and what to do; otherwise null (it does not exist at all).
 */
export async function explainForeignResource(db: Db, hubAccountId: string, id: string): Promise<string | null> {
  if (!Id.safeParse(id).success) return null;
  const where = { id, accountId: { not: hubAccountId } };
  const select = { account: { select: { name: true } } } as const;
  const found = await Promise.all([
    db.configuration.findFirst({ where, select }),
    db.evaluator.findFirst({ where, select }),
    db.participant.findFirst({ where, select }),
    db.transcription.findFirst({ where, select }),
  ]);
  const index = found.findIndex(Boolean);
  const owner = found[index]?.account.name;
  if (!owner) return null;
  const hub = await db.account.findUniqueOrThrow({ where: { id: hubAccountId }, select: { name: true } });
  return (
    `${resourceKinds[index]} ${id} belongs to account "${owner}", but the hub follows account "${hub.name}": ` +
    `make it with a key of the hub's account (npm run cli -- hub:create-key <name>), or point the hub at "${owner}" (UPSTREAM_API_KEY=<a key of ${owner}>)`
  );
}
