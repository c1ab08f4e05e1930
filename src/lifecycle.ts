import type { Logger } from './logger.js';

type Stopper = () => Promise<void>;

/** Set once stopOnSignals watches the supervisor: the starting-phase watch stands down. */
let stoppingIsWatched = false;

/**
 * For a part of `npm start` (src/main.ts), first thing in its entry: a supervisor that goes away
 * while the part is still starting (loading its modules, connecting) must not leave it running on
 * orphaned. Once stopOnSignals is installed it stops the part gracefully (it also notices a
 * supervisor already gone); if start-up has not reached it within `graceMs` (a database that does
 * not answer, say), the part exits with status 1 by itself.
 */
export function exitIfOrphanedWhileStarting(logger: Logger, graceMs = 10_000): void {
  if (!process.send) return;
  const exitUnlessWatched = () => {
    setTimeout(() => {
      if (stoppingIsWatched) return;
      logger.error({ graceMs }, 'supervisor gone while starting, exiting');
      process.exit(1);
    }, graceMs).unref();
  };
  if (!process.connected) exitUnlessWatched();
  else process.once('disconnect', exitUnlessWatched);
}

/**
 * Runs the stoppers in order on SIGTERM or SIGINT, then exits; a process that cannot stop within
 * `graceMs` exits anyway (with status 1) rather than hang a deploy.
 */
export function stopOnSignals(logger: Logger, stoppers: Stopper[], graceMs = 10_000): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      logger.error({ graceMs }, 'shutdown took too long, exiting');
      process.exit(1);
    }, graceMs);
    deadline.unref();
    for (const stopper of stoppers) {
      try {
        await stopper();
      } catch (error) {
        logger.error({ err: error }, 'error while shutting down');
      }
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGINT', (signal) => void stop(signal));
  // A part of `npm start` (src/main.ts) has an IPC channel to its supervisor: when it closes, the
  // supervisor is gone (even killed by SIGKILL), and the part stops rather than run on orphaned.
  // The channel may have closed before this ran (while the part was starting): `disconnect` was then
  // emitted already, and `connected` says so.
  if (process.send) {
    stoppingIsWatched = true;
    if (!process.connected) void stop('SIGTERM');
    else process.once('disconnect', () => void stop('SIGTERM'));
  }
}
