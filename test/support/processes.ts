/** Starts the project's real entry points as child processes, for tests that need several. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Builds dist/ when it is missing or older than the sources, as `npm start` does before it runs
 * the compiled processes (.ci/build-dist.mjs, under a lock: test files side by side build once).
 */
export function ensureCompiled(): void {
  execFileSync(process.execPath, [path.join(projectRoot, '.ci/build-dist.mjs'), '--if-stale'], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/** How long a test may wait for ensureCompiled on a busy 2-core machine. */
export const compileTimeoutMs = 300_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ChildService {
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs `node --import tsx <entry>` from the project root with extra environment: one process, so
 * a signal reaches the entry itself (the `tsx` command runs the script in a child process, which a
 * SIGKILL of the parent would leave running).
 */
export function startEntry(entry: string, env: Record<string, string>, nodeArgs: string[] = []): ChildService {
  return watchChild(
    spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
      cwd: projectRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

/** Collects a spawned process's stdout and stderr, and stops it with a signal (answers its exit code). */
export function watchChild(child: ChildProcess): ChildService {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}

/**
 * The environment of a whole deployment (web, worker, clock, hub) listening on `port` of the
 * loopback, with a queue prefix of its own (`test-<name>-…`) and its data folder.
 */
export function deploymentEnv(name: string, port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    QUEUE_PREFIX: `test-${name}-${randomUUID().slice(0, 8)}`,
    DATA_DIR: dataDir,
    RATE_LIMIT_SCALE: '100',
  };
}

/** Starts src/web.ts on a free port and waits until it answers. */
/** `nodeArgs` go before the entry (e.g. `--cpu-prof`, which NODE_OPTIONS does not accept). */
export async function startWebProcess(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<ChildService & { baseUrl: string }> {
  const port = await freePort();
  const service = startEntry('src/web.ts', { PORT: String(port), HOST: '127.0.0.1', ...env }, nodeArgs);
  const baseUrl = `http://127.0.0.1:${port}`;
  // A loaded machine can take longer to compile and start the entry: WEB_START_TIMEOUT_MS.
  const deadline = Date.now() + Number(process.env.WEB_START_TIMEOUT_MS ?? 20_000);
  for (;;) {
    try {
      await fetch(`${baseUrl}/api/`, { method: 'POST' });
      return { ...service, baseUrl };
    } catch {
      if (service.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`web process did not start:\n${service.output()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
