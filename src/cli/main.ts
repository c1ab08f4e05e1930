/** `npm run cli -- <command>`: accounts and API keys of the built-in service, and more. */
import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig } from '../config.js';
import { createDb, type Db } from '../db.js';
import { UpstreamError } from '../hub/client/index.js';
import { AppError } from '../lib/errors/app-error.js';
import { createRuntime, type Runtime } from '../processes/runtime.js';
import { registerAccountCommands } from './account-commands.js';
import { registerApiCommand } from './api-command.js';
import { registerConsoleUserCommands } from './console-user-commands.js';
import { registerHubCommands } from './hub-commands.js';
import { registerKeyCommands } from './key-commands.js';

const config = loadConfig();
// Account and key commands need only the database; the others get the full process wiring
// (client, queues, receiver credentials), logging to stderr so stdout keeps the answer.
let db: Db | undefined;
const openDb = (): Db => (db ??= createDb(config.process.databaseUrl, { maxConnections: 2 }));
let runtime: Runtime | undefined;
const openRuntime = (): Runtime => (runtime ??= createRuntime(config, 'cli', { logToStderr: true, maxConnections: 2 }));

const program = new Command('convoqa')
  .description('convoqa command line')
  .exitOverride()
  .configureOutput({ writeErr: (text) => process.stderr.write(text) });
registerAccountCommands(program, openDb);
registerKeyCommands(program, openDb);
registerConsoleUserCommands(program, openDb);
registerApiCommand(program, () => openRuntime().contexts.hub.upstream());
registerHubCommands(program, () => Promise.resolve(openRuntime().contexts.hub));

let exitCode = 0;
try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) exitCode = error.exitCode;
  else if (error instanceof UpstreamError) {
    const status = error.attempts === 0 ? 'not sent' : error.status === null ? 'no answer' : `HTTP ${error.status}`;
    process.stderr.write(`error: ${error.code} (${status}) from ${error.operation}: ${error.message}\n`);
    for (const issue of error.issues.slice(0, 10)) process.stderr.write(`  ${issue.path}: ${issue.message}\n`);
    if (error.requestId) process.stderr.write(`request id: ${error.requestId}\n`);
    exitCode = 1;
  } else if (error instanceof AppError || error instanceof ConfigError) {
    process.stderr.write(`error: ${error.message}\n`);
    exitCode = 1;
  } else {
    process.stderr.write(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    exitCode = 1;
  }
} finally {
  await db?.$disconnect();
  await runtime?.close();
}
process.exit(exitCode);
