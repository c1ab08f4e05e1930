/** `npm run cli -- <command>`: accounts and API keys of the built-in service, and more. */
import { Command, CommanderError } from 'commander';
import { loadConfig } from '../config.js';
import { createDb, type Db } from '../db.js';
import { AppError } from '../lib/errors/app-error.js';
import { registerAccountCommands } from './account-commands.js';
import { registerKeyCommands } from './key-commands.js';

const config = loadConfig();
let db: Db | undefined;
const openDb = (): Db => (db ??= createDb(config.databaseUrl, { maxConnections: 2 }));

const program = new Command('convoqa')
  .description('convoqa command line')
  .exitOverride()
  .configureOutput({ writeErr: (text) => process.stderr.write(text) });
registerAccountCommands(program, openDb);
registerKeyCommands(program, openDb);

let exitCode = 0;
try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) exitCode = error.exitCode;
  else if (error instanceof AppError) {
    process.stderr.write(`error: ${error.message}\n`);
    exitCode = 1;
  } else {
    process.stderr.write(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    exitCode = 1;
  }
} finally {
  await db?.$disconnect();
}
process.exit(exitCode);
