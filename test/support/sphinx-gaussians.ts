import { readFile } from 'node:fs/promises';

/**
 * The values of a Sphinx-III Gaussian parameter file (means or variances, as bw, mllr_transform and
 * map_adapt write and pocketsphinx reads them): a text header ending in `endhdr\n`, a byte-order
 * word, the dimensions (codebooks, streams, densities, each stream's length), the count of values,
 * then the values as 32-bit floats.
 */
export async function readSphinxGaussians(file: string): Promise<Float32Array> {
  const bytes = await readFile(file);
  const headerEnd = bytes.indexOf('endhdr\n');
  if (headerEnd < 0) throw new Error(`${file}: no Sphinx-III header`);
  let offset = headerEnd + 'endhdr\n'.length;
  const littleEndian = bytes.readUInt32LE(offset) === 0x11223344;
  const int = () => {
    const value = littleEndian ? bytes.readInt32LE(offset) : bytes.readInt32BE(offset);
    offset += 4;
    return value;
  };
  int();
  int();
  const streams = int();
  int();
  for (let i = 0; i < streams; i += 1) int();
  const count = int();
  const values = new Float32Array(count);
  for (let i = 0; i < count; i += 1) values[i] = littleEndian ? bytes.readFloatLE(offset + 4 * i) : bytes.readFloatBE(offset + 4 * i);
  return values;
}

/** Root mean square difference of two parameter files' values (same dimensions). */
export function rmsDifference(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`different sizes: ${a.length} and ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  return Math.sqrt(sum / a.length);
}
