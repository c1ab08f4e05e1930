import type { Logger } from './logger.js';

type Stopper = () => Promise<void>;

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
  if (process.send) process.once('disconnect', () => void stop('SIGTERM'));
}
