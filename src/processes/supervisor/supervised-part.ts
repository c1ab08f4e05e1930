/**
 * One part of `npm start` (a Procfile process: web, worker or clock) run as a child process and
 * restarted when it dies, with back-off. Its output goes through to ours unchanged; the last lines
 * it wrote to stderr and its last error-level log line are kept so that the log of its death says
 * why it died, not only that it did.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Logger } from '../../logger.js';

export interface PartSpec {
  /** The Procfile process type: `web`, `worker`, `clock`. */
  name: string;
  /** The entry file it runs (`src/web.ts`). */
  entry: string;
}

export interface BackoffPolicy {
  /** First restart delay; doubled after each quick death, up to `maxMs`. */
  initialMs: number;
  maxMs: number;
  /** A part that ran this long before dying is restarted after `initialMs` again. */
  resetAfterMs: number;
}

export const defaultBackoff: BackoffPolicy = { initialMs: 1_000, maxMs: 30_000, resetAfterMs: 60_000 };

export interface SupervisedPart {
  readonly name: string;
  /** How many times it was started again after dying. */
  restarts(): number;
  pid(): number | undefined;
  /** Stops it (SIGTERM, then SIGKILL after `graceMs`) and does not restart it. */
  stop(graceMs: number): Promise<void>;
}

const tailLines = 20;

export function superviseChild(spec: PartSpec, logger: Logger, backoff: BackoffPolicy = defaultBackoff): SupervisedPart {
  let child: ChildProcess | null = null;
  let stopping = false;
  let restarts = 0;
  let quickDeaths = 0;
  let restartTimer: NodeJS.Timeout | null = null;

  const start = () => {
    const startedAt = Date.now();
    const stderrTail: string[] = [];
    let lastErrorLog: string | null = null;
    // The same node and loader flags as ours (`--import tsx`); an IPC channel so that the child
    // stops when we die, even by SIGKILL (lifecycle.ts: a closed channel is a stop signal).
    const spawned = spawn(process.execPath, [...process.execArgv, spec.entry], {
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env: { ...process.env, CONVOQA_PART: spec.name },
    });
    child = spawned;
    const { stdout, stderr } = spawned;
    if (!stdout || !stderr) throw new Error('spawned without pipes');
    createInterface({ input: stdout }).on('line', (line) => {
      process.stdout.write(`${line}\n`);
      if (/"level":(5\d|60)\b/.test(line)) lastErrorLog = line;
    });
    createInterface({ input: stderr }).on('line', (line) => {
      process.stderr.write(`${line}\n`);
      stderrTail.push(line);
      if (stderrTail.length > tailLines) stderrTail.shift();
    });
    spawned.on('error', (error) => logger.error({ err: error, part: spec.name }, 'part could not be started'));
    logger.info({ part: spec.name, childPid: spawned.pid, restarts }, 'part started');
    spawned.once('exit', (code, signal) => {
      if (child === spawned) child = null;
      if (stopping) {
        logger.info({ part: spec.name, exitCode: code, signal }, 'part stopped');
        return;
      }
      const ranMs = Date.now() - startedAt;
      quickDeaths = ranMs >= backoff.resetAfterMs ? 1 : quickDeaths + 1;
      const delayMs = Math.min(backoff.maxMs, backoff.initialMs * 2 ** (quickDeaths - 1));
      logger.error(
        {
          part: spec.name,
          childPid: spawned.pid,
          exitCode: code,
          signal,
          ranMs,
          restartInMs: delayMs,
          lastError: lastErrorOf(lastErrorLog, stderrTail),
        },
        `part ${spec.name} died (${signal ? `signal ${signal}` : `exit code ${String(code)}`}); restarting in ${delayMs} ms`,
      );
      restartTimer = setTimeout(() => {
        restartTimer = null;
        if (stopping) return;
        restarts += 1;
        start();
      }, delayMs);
    });
  };

  start();
  return {
    name: spec.name,
    restarts: () => restarts,
    pid: () => child?.pid,
    stop: async (graceMs) => {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => {
          logger.error({ part: spec.name, graceMs }, 'part did not stop in time: killing it');
          running.kill('SIGKILL');
        }, graceMs);
        running.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        running.kill('SIGTERM');
      });
    },
  };
}

/** Why it died, as well as we know: its last stderr lines (an uncaught error's stack), else its last error-level log line. */
function lastErrorOf(lastErrorLog: string | null, stderrTail: readonly string[]): string | null {
  const fromStderr = stderrTail
    .filter((line) => line.trim())
    .join('\n')
    .slice(-2_000);
  if (fromStderr) return fromStderr;
  if (!lastErrorLog) return null;
  try {
    const entry = JSON.parse(lastErrorLog) as { msg?: string; err?: { message?: string } };
    return [entry.msg, entry.err?.message].filter(Boolean).join(': ');
  } catch {
    return lastErrorLog.slice(0, 2_000);
  }
}
