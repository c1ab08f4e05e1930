import { readFileSync } from 'node:fs';

/** CPU seconds of this process's finished children (pocketsphinx, bw, sox, …), from /proc. */
export function childCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  // cutime and cstime are the 14th and 15th fields after the command (1-based 16, 17 overall).
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
