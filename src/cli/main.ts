/**
 * `npm run cli -- <command>`: accounts and API keys of the built-in service, and more.
 * It neither generates the Prisma client nor migrates: it checks both were done and says what to
 * run otherwise. Everything heavy is imported after those checks, so a mistake costs no start-up.
 */
import { CommanderError } from 'commander';
import { loadConfig } from '../config.js';
import { CliError, describeCliError, exitCodeOf } from './cli-error.js';
import { checkClientGenerated } from './database-readiness.js';

let exitCode = 0;
let close: (() => Promise<void>) | undefined;
try {
  const config = loadConfig();
  checkClientGenerated();
  const { buildProgram } = await import('./program.js');
  const built = buildProgram(config);
  close = built.close;
  await built.program.parseAsync(process.argv);
} catch (error) {
  exitCode = exitCodeOf(error);
  // Commander has already printed its own message (unknown option, missing argument, help).
  if (!(error instanceof CommanderError)) {
    const [first, ...rest] = describeCliError(error);
    process.stderr.write(`error: ${first}\n${rest.map((line) => `${line}\n`).join('')}`);
    if (!(error instanceof CliError) && process.env.LOG_LEVEL === 'debug' && error instanceof Error)
      process.stderr.write(`${error.stack}\n`);
  }
} finally {
  await close?.().catch(() => undefined);
}
// Piped to another program, stdout may be asynchronous: exiting before it drains cut long listings short.
await Promise.all([process.stdout, process.stderr].map((stream) => new Promise<void>((resolve) => stream.write('', () => resolve()))));
process.exit(exitCode);
