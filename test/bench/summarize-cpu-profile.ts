/**
 * Where a `node --cpu-prof` profile's time went: self time grouped by package (node_modules/<name>),
 * project file (src/…) or Node internals, and the top functions.
 *   npx tsx test/bench/summarize-cpu-profile.ts <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: summarize-cpu-profile.ts <file.cpuprofile> [top]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const top = Number(topArg ?? 25);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const groupOf = (url: string, name: string): string => {
  if (name === '(idle)' || name === '(program)' || name === '(garbage collector)') return name;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] === '.prisma' || pkg[1] === '@prisma' ? `prisma ${url.split('/').slice(-1)[0]}` : pkg[1];
  const src = /\/(src|test)\/(.*)$/.exec(url);
  if (src) return `${src[1]}/${src[2]}`;
  return url.startsWith('node:') ? 'node internals' : url ? url : '(native)';
};

const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);
const groups = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, micros] of selfMicros) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const group = groupOf(url, functionName);
  groups.set(group, (groups.get(group) ?? 0) + micros);
  const fn = `${functionName || '(anonymous)'} ${group}:${lineNumber + 1}`;
  functions.set(fn, (functions.get(fn) ?? 0) + micros);
}
const pct = (micros: number) => `${((100 * micros) / total).toFixed(1).padStart(5)} %`;
process.stdout.write(`${file}: ${(total / 1e6).toFixed(1)} s sampled\n\nby package / file (self time)\n`);
for (const [group, micros] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${pct(micros)}  ${group}\n`);
process.stdout.write('\ntop functions (self time)\n');
for (const [fn, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${pct(micros)}  ${fn}\n`);
