import type { Command } from 'commander';
import type { Db } from '../db.js';
import { findAccount } from '../service/accounts/find-account.js';
import { createApiKey, deactivateApiKey, deleteApiKey, listApiKeys } from '../service/accounts/api-keys.js';
import { printLine, printListing, printSecretOnce } from './output.js';

export function registerKeyCommands(program: Command, db: () => Db): void {
  program
    .command('keys:create')
    .description('create an API key; the key is printed once, alone on the last line')
    .argument('<account>', 'account id or name')
    .argument('<name>', 'a name that says what the key is for')
    .action(async (ref: string, name: string) => {
      const account = await findAccount(db(), ref);
      const { key, apiKey } = await createApiKey(db(), account.id, name);
      printSecretOnce(`api key ${apiKey.id} "${apiKey.name}" for ${account.name}`, key);
    });

  program
    .command('keys:list')
    .description("list an account's API keys (never the keys themselves)")
    .argument('<account>', 'account id or name')
    .action(async (ref: string) => {
      const account = await findAccount(db(), ref);
      const keys = await listApiKeys(db(), account.id);
      printListing(
        keys.map((k) => ({
          id: k.id,
          name: k.name,
          prefix: `${k.prefix}…`,
          state: k.isActive ? 'active' : 'deactivated',
          created: k.createdAt.toISOString(),
        })),
        'no keys',
      );
    });

  program
    .command('keys:deactivate')
    .description('deactivate an API key (requests with it get 403)')
    .argument('<key-id>')
    .action(async (keyId: string) => {
      const key = await deactivateApiKey(db(), keyId);
      printLine(`deactivated ${key.id} "${key.name}"`);
    });

  program
    .command('keys:delete')
    .description('delete an API key for good')
    .argument('<key-id>')
    .action(async (keyId: string) => {
      await deleteApiKey(db(), keyId);
      printLine(`deleted ${keyId}`);
    });
}
