/**
 * Start-up time and memory of each Procfile process, run through tsx (`node --import tsx
 * src/web.ts`) and compiled (`node dist/src/web.js`): the time from spawn to the process's ready
 * line (`web listening`, `worker started`, `clock started`) and the resident memory of the process
 * and its children (tsx's esbuild service) at that moment, medians of BENCH_RUNS runs (3), the
 * modes alternating. Needs PostgreSQL migrated (DATABASE_URL) and Redis, as the processes do.
 *
 *   npm run bench:startup
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { freePort, projectRoot } from '../support/processes.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
const runs = Number(process.env.BENCH_RUNS ?? 3);

const kinds = [
  { name: 'web', ready: 'web listening' },
  { name: 'worker', ready: 'worker started' },
  { name: 'clock', ready: 'clock started' },
] as const;
const modes = {
  tsx: (name: string) => ['--import', 'tsx', `src/${name}.ts`],
  compiled: (name: string) => [`dist/src/${name}.js`],
} as const;
type Mode = keyof typeof modes;

/** Resident memory (kB) of `pid` and every process below it. */
function treeRssKb(pid: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  return tree.reduce((sum, member) => {
    try {
      return sum + Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${member}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return sum;
    }
  }, 0);
}

/** Starts one process, waits for its ready line, measures, stops it. */
async function measure(kind: (typeof kinds)[number], mode: Mode): Promise<{ ms: number; rssMb: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, modes[mode](kind.name), {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      QUEUE_PREFIX: `bench-startup-${randomUUID().slice(0, 8)}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ms = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`"msg":"${kind.ready}"`)) resolve(performance.now() - started);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${kind.name} (${mode}) exited with ${String(code)} before it was ready:\n${output}`)));
  });
  const rssMb = treeRssKb(child.pid ?? 0) / 1024;
  child.removeAllListeners('exit');
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return { ms, rssMb };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const results = new Map<string, { ms: number[]; rssMb: number[] }>();
for (let run = 0; run < runs; run += 1) {
  for (const kind of kinds) {
    const order: Mode[] = run % 2 === 0 ? ['tsx', 'compiled'] : ['compiled', 'tsx'];
    for (const mode of order) {
      const { ms, rssMb } = await measure(kind, mode);
      const key = `${kind.name} ${mode}`;
      const entry = results.get(key) ?? { ms: [], rssMb: [] };
      entry.ms.push(ms);
      entry.rssMb.push(rssMb);
      results.set(key, entry);
    }
  }
}

out(`medians of ${runs} runs (node ${process.version})`);
out('process   tsx: ready   RSS   compiled: ready   RSS   saved');
for (const kind of kinds) {
  const tsx = results.get(`${kind.name} tsx`);
  const compiled = results.get(`${kind.name} compiled`);
  if (!tsx || !compiled) continue;
  const [tMs, tMb, cMs, cMb] = [median(tsx.ms), median(tsx.rssMb), median(compiled.ms), median(compiled.rssMb)];
  out(
    `${kind.name.padEnd(8)}${`${Math.round(tMs)} ms`.padStart(13)}${`${Math.round(tMb)} MB`.padStart(8)}${`${Math.round(cMs)} ms`.padStart(18)}` +
      `${`${Math.round(cMb)} MB`.padStart(8)}   ${Math.round(tMs - cMs)} ms, ${Math.round(tMb - cMb)} MB`,
  );
}
