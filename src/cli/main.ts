/** `npm run cli -- <command>`: accounts and API keys of the built-in service, and more. */
import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig } from '../config.js';
import { createDb, type Db } from '../db.js';
import { createUpstreamClient } from '../embedded/upstream-client.js';
import { UpstreamError, type ConversationClient } from '../hub/client/index.js';
import { AppError } from '../lib/errors/app-error.js';
import { createLogger } from '../logger.js';
import { createRedis, type Redis } from '../redis.js';
import { registerAccountCommands } from './account-commands.js';
import { registerApiCommand } from './api-command.js';
import { registerHubCommands } from './hub-commands.js';
import { registerKeyCommands } from './key-commands.js';
import { createHubContext } from '../processes/hub-context.js';
import { createRuntime, type Runtime } from '../runtime.js';

const config = loadConfig();
let db: Db | undefined;
const openDb = (): Db => (db ??= createDb(config.databaseUrl, { maxConnections: 2 }));
let redis: Redis | undefined;
let client: Promise<ConversationClient> | undefined;
// Diagnostics (retries, provisioning) go to stderr; stdout keeps the answer.
const openClient = (): Promise<ConversationClient> =>
  (client ??= createUpstreamClient({
    config,
    db: openDb(),
    redis: (redis ??= createRedis(config.redisUrl, { name: 'convoqa-cli' })),
    logger: createLogger({ level: config.logLevel, name: 'cli', toStderr: true }),
  }));

const program = new Command('convoqa')
  .description('convoqa command line')
  .exitOverride()
  .configureOutput({ writeErr: (text) => process.stderr.write(text) });
registerAccountCommands(program, openDb);
registerKeyCommands(program, openDb);
registerApiCommand(program, openClient);
// Hub commands get the full process wiring (queues, receiver credentials), logging to stderr.
let runtime: Runtime | undefined;
registerHubCommands(program, () => Promise.resolve(createHubContext((runtime ??= createRuntime(config, 'cli', { logToStderr: true })))));

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
  redis?.disconnect();
  await db?.$disconnect();
  await runtime?.close();
}
process.exit(exitCode);
