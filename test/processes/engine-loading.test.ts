/**
 * Each process loads what it uses (docs/processes.md, "Each process loads what it uses"): the CLI,
 * `web` and `clock` never load the speech engine (src/engine/local/, src/engine/openai/, and
 * src/engine/language-data/, whose readers alone open the data files; onnxruntime-node, the
 * tokenizer), and `worker` only when it processes a recording. Each process runs for real with a loader hook that
 * writes down every module it loads (fixtures/record-module-loads.mjs).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, projectRoot } from '../support/processes.js';
import { eventually } from '../support/webhook-receiver.js';

const recorder = fileURLToPath(new URL('./fixtures/record-module-loads.mjs', import.meta.url));
const firstUse = fileURLToPath(new URL('./fixtures/engine-first-use.ts', import.meta.url));
const engineModule =
  /\/src\/engine\/local\/|\/src\/engine\/openai\/|\/src\/engine\/language-data\/|\/src\/engine\/build-engines|\/node_modules\/onnxruntime-node\/|\/node_modules\/llama-tokenizer-js\/|\/build-engines-\w+\.mjs$/;

const logDir = mkdtempSync(path.join(tmpdir(), 'convoqa-module-loads-'));
afterAll(() => rmSync(logDir, { recursive: true, force: true }));

interface Recorded {
  code: number | null;
  output: string;
  modules: string[];
}

/**
 * Runs `args` with the recorder registered after tsx, waits until `isReady` says so from its
 * output (or until it exits by itself), stops it with SIGTERM, and returns what it loaded.
 */
async function record(
  args: string[],
  env: Record<string, string>,
  isReady: (output: string, baseUrl: string) => Promise<boolean> | boolean = () => false,
): Promise<Recorded> {
  const logFile = path.join(logDir, `${randomUUID()}.log`);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: {
      ...process.env,
      CONVOQA_MODULE_LOG: logFile,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: baseUrl,
      QUEUE_PREFIX: `test-loads-${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await eventually(async () => child.exitCode !== null || (await isReady(output, baseUrl)), 60_000);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
  const code = await exited;
  return { code, output, modules: readFileSync(logFile, 'utf8').split('\n').filter(Boolean) };
}

const entry = (file: string) => ['--import', 'tsx', '--import', recorder, file];

describe('the speech engine is loaded only where it runs', () => {
  it('npm run cli -- accounts:list loads none of it (through its bundle)', async () => {
    const run = await record(['--import', recorder, 'src/cli/launch.mjs', 'accounts:list'], {});
    expect(run.code, run.output).toBe(0);
    // The hook saw the command's modules: the bundle, or the sources when it falls back to tsx.
    expect(run.modules.some((url) => /\/convoqa-cli-[\w-]+\/cli\.mjs$|\/src\/cli\/main\.ts$/.test(url))).toBe(true);
    expect(run.modules.filter((url) => engineModule.test(url))).toEqual([]);
  }, 90_000);

  it('web loads none of it', async () => {
    const run = await record(
      entry('src/web.ts'),
      {},
      async (_output, baseUrl) => (await fetch(`${baseUrl}/admin/health`).catch(() => null)) !== null,
    );
    expect(run.code, run.output).toBe(0);
    expect(run.modules.some((url) => url.endsWith('/src/web.ts'))).toBe(true);
    expect(run.modules.filter((url) => engineModule.test(url))).toEqual([]);
  }, 90_000);

  it('clock loads none of it', async () => {
    const run = await record(entry('src/clock.ts'), {}, (output) => output.includes('"clock started"'));
    expect(run.code, run.output).toBe(0);
    expect(run.modules.some((url) => url.endsWith('/src/clock.ts'))).toBe(true);
    expect(run.modules.filter((url) => engineModule.test(url))).toEqual([]);
  }, 90_000);

  it('worker does not load it to start, only to process a recording', async () => {
    const run = await record(entry('src/worker.ts'), {}, (output) => output.includes('"worker started"'));
    expect(run.code, run.output).toBe(0);
    expect(run.modules.some((url) => url.endsWith('/jobs/job-handlers.ts'))).toBe(true);
    expect(run.modules.filter((url) => engineModule.test(url))).toEqual([]);
  }, 90_000);

  it('the engines built as a worker builds them load at their first use (the hook sees them when they load)', async () => {
    const run = await record(entry(firstUse), {});
    expect(run.code, run.output).toBe(0);
    const line = run.modules.indexOf('--- first use');
    expect(line).toBeGreaterThan(0);
    expect(run.modules.slice(0, line).filter((url) => engineModule.test(url))).toEqual([]);
    const afterUse = run.modules.slice(line + 1);
    expect(afterUse.some((url) => url.includes('/node_modules/onnxruntime-node/'))).toBe(true);
    expect(afterUse.some((url) => url.includes('/src/engine/local/'))).toBe(true);
    expect(afterUse.some((url) => url.includes('/src/engine/language-data/'))).toBe(true);
  }, 90_000);
});
