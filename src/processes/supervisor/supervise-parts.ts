/**
 * The supervisor of `npm start`: starts each part, restarts the ones that die, and on SIGTERM,
 * SIGINT or SIGHUP stops them all (each gets SIGTERM and its own orderly shutdown; one still running after
 * the grace is killed) and exits 0.
 */
import type { Logger } from '../../logger.js';
import { defaultBackoff, superviseChild, type BackoffPolicy, type PartSpec, type SupervisedPart } from './supervised-part.js';

export interface SupervisorOptions {
  backoff?: BackoffPolicy;
  /** How long the parts get to stop before they are killed; under the 10 s a deploy allows. */
  graceMs?: number;
}

export function superviseParts(
  specs: readonly PartSpec[],
  logger: Logger,
  options: SupervisorOptions = {},
): { names: string[]; parts: SupervisedPart[] } {
  const parts = specs.map((spec) => superviseChild(spec, logger, options.backoff ?? defaultBackoff));
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down every part');
    await Promise.all(parts.map((part) => part.stop(options.graceMs ?? 8_000)));
    logger.info({ restarts: Object.fromEntries(parts.map((p) => [p.name, p.restarts()])) }, 'stopped');
    process.exit(0);
  };
  // SIGTERM from a process manager or `docker stop` (through npm, whose script execs us: docs/processes.md,
  // "Stopping"), SIGINT from Ctrl-C, SIGHUP when the terminal that started us closes.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
  return { names: parts.map((p) => p.name), parts };
}
