/** The account the hub follows on the built-in service: a key of it for your own calls, and which it is. */
import type { Command } from 'commander';
import { createHubAccountKey, findHubAccount } from '../embedded/hub-account.js';
import type { UpstreamClientDeps } from '../embedded/upstream-client.js';
import { printLine, printSecretOnce } from './output.js';

export function registerHubAccountCommands(program: Command, deps: () => UpstreamClientDeps): void {
  program
    .command('hub:create-key')
    .description(
      'create an API key of the account the hub follows (its calls are mirrored, alerted and reported); the key is printed alone on the last line',
    )
    .argument('<name>', 'a name that says what the key is for')
    .action(async (name: string) => {
      const { account, key, apiKey } = await createHubAccountKey(deps(), name);
      printSecretOnce(`api key ${apiKey.id} "${apiKey.name}" for account ${account.name}, the one the hub follows`, key);
    });

  program
    .command('hub:account')
    .description('show which account of the built-in service the hub follows')
    .action(async () => {
      const account = await findHubAccount(deps());
      printLine(`the hub follows account ${account.name} (${account.id}); a key of it: npm run cli -- hub:create-key <name>`);
    });
}
