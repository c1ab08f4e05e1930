import type { Command } from 'commander';
import type { Db } from '../db.js';
import { createAccount } from '../service/accounts/create-account.js';
import { findAccount, listAccounts } from '../service/accounts/find-account.js';
import { createApiKey, listApiKeys } from '../service/accounts/api-keys.js';
import { printLine, printListing, printSecretOnce } from './output.js';

export function registerAccountCommands(program: Command, db: () => Db): void {
  program
    .command('accounts:create')
    .description('create an account; with --with-key, also an API key, printed alone on the last line')
    .argument('<name>', 'account name (unique)')
    .option('--with-key <key-name>', 'also create an API key with this name')
    .action(async (name: string, options: { withKey?: string }) => {
      const account = await createAccount(db(), name);
      printLine(`account ${account.id} ${account.name}`);
      if (options.withKey) {
        const { key, apiKey } = await createApiKey(db(), account.id, options.withKey);
        printSecretOnce(`api key ${apiKey.id} "${apiKey.name}"`, key);
      }
    });

  program
    .command('accounts:list')
    .description('list accounts')
    .action(async () => {
      const accounts = await listAccounts(db());
      printListing(
        accounts.map((a) => ({ id: a.id, name: a.name, created: a.createdAt.toISOString() })),
        'no accounts',
      );
    });

  program
    .command('accounts:show')
    .description('show an account and its webhook signing secret')
    .argument('<account>', 'account id or name')
    .action(async (ref: string) => {
      const account = await findAccount(db(), ref);
      const keys = await listApiKeys(db(), account.id);
      printLine(`id              ${account.id}`);
      printLine(`name            ${account.name}`);
      printLine(`created         ${account.createdAt.toISOString()}`);
      printLine(`api keys        ${keys.filter((k) => k.isActive).length} active, ${keys.length} in all`);
      printLine(`signing secret  ${account.webhookSecret}`);
    });
}
