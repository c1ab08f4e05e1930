/** The commands of `npm run cli`, wired to what each needs (the database alone, or the whole process). */
import { Command } from 'commander';
import type { AppConfig } from '../config.js';
import { createDb, type Db } from '../db.js';
import { explainForeignResource, findHubAccount } from '../embedded/hub-account.js';
import { UpstreamError } from '../hub/client/upstream-error.js';
import { createRuntime, type Runtime } from '../processes/runtime.js';
import { CliError } from './cli-error.js';
import { registerAccountCommands } from './account-commands.js';
import { registerAdminTokenCommand } from './admin-token-command.js';
import { registerApiCommand } from './api-command.js';
import { registerConsoleUserCommands } from './console-user-commands.js';
import { checkDatabaseReady } from './database-readiness.js';
import { registerHubAccountCommands } from './hub-account-commands.js';
import { registerDeliveryCommands } from './delivery-commands.js';
import { registerHubCommands } from './hub-commands.js';
import { registerKeyCommands } from './key-commands.js';

export interface CliProgram {
  program: Command;
  close: () => Promise<void>;
}

/** Commands that do not touch the database: listing the operations. */
const needsNoDatabase = (command: Command) =>
  command.name() === 'api' && (command.opts<{ list?: boolean }>().list || command.args.length === 0);

export function buildProgram(config: AppConfig): CliProgram {
  // Account and key commands need only the database; the others get the full process wiring
  // (client, queues, receiver credentials), logging to stderr so stdout keeps the answer.
  let db: Db | undefined;
  const openDb = (): Db => (db ??= createDb(config.process.databaseUrl, { maxConnections: 2 }));
  let runtime: Runtime | undefined;
  const openRuntime = (): Runtime => (runtime ??= createRuntime(config, 'cli', { logToStderr: true, maxConnections: 2 }));

  const program = new Command('convoqa')
    .description('convoqa command line (npm run cli -- <command>)')
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) })
    .showHelpAfterError('(add --help for usage)')
    .hook('preAction', async (_program, action) => {
      if (builtInCommands.has(action.name()) && !config.halves.builtInService) {
        // Hub-only (README "Run the hub against the vendor's API"): keys for an /api nobody serves,
        // or a delivery queued for a worker that never runs, would only mislead.
        throw new CliError(
          `${action.name()} manages the built-in service, which does not run here (hub-only mode, upstream ${config.upstream.baseUrl}); BUILT_IN_SERVICE=on runs it beside the hub`,
        );
      }
      if (!needsNoDatabase(action)) await checkDatabaseReady(config.process.databaseUrl);
    });
  const before = new Set(program.commands.map((c) => c.name()));
  registerAccountCommands(program, openDb);
  registerKeyCommands(program, openDb);
  registerDeliveryCommands(program, openDb, () => openRuntime().jobs);
  const builtInCommands = new Set(program.commands.map((c) => c.name()).filter((name) => !before.has(name)));
  const upstreamDeps = () => {
    const rt = openRuntime();
    return { config, db: rt.db, redis: rt.redis, logger: rt.logger };
  };
  const explainNotFound = async (error: unknown, ids: readonly string[]): Promise<never> => {
    if (error instanceof UpstreamError && error.kind === 'not_found' && config.upstream.isBuiltIn) {
      const account = await findHubAccount(upstreamDeps());
      for (const id of ids) {
        const why = await explainForeignResource(openRuntime().db, account.id, id);
        if (why) throw new CliError(why);
      }
    }
    throw error;
  };
  registerConsoleUserCommands(program, openDb);
  registerAdminTokenCommand(program, openDb, config.admin.token);
  registerApiCommand(program, () => Promise.resolve(openRuntime().contexts.hub), explainNotFound);
  registerHubCommands(program, () => Promise.resolve(openRuntime().contexts.hub), explainNotFound);
  registerHubAccountCommands(program, upstreamDeps);
  return {
    program,
    close: async () => {
      await db?.$disconnect();
      await runtime?.close();
    },
  };
}
