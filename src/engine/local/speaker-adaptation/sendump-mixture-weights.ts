/**
 * Debian's en-us acoustic model ships its mixture weights only as pocketsphinx's compressed
 * `sendump` (8-bit negative logarithms, base 1.0001, shifted right by `mixw_shift`), but
 * sphinxtrain's `bw` reads Sphinx-III `mixture_weights`. This rewrites one as the other, as
 * sphinxtrain's own (Python 2) `sendump.py` does.
 *
 * sendump: header strings (int32 length incl. NUL, then the string) up to a zero length, then
 * int32 #codewords and int32 #senones, then per feature stream and codeword one byte per senone.
 * mixture_weights: "s3" text header up to "endhdr\n" (4-byte aligned), int32 0x11223344, then
 * uint32 senones, streams, codewords, their product, and float32 weights [senone][stream][codeword].
 */
export function sendumpToMixtureWeights(sendump: Buffer): Buffer {
  let offset = 0;
  const readInt = () => {
    const value = sendump.readInt32LE(offset);
    offset += 4;
    return value;
  };
  const header = new Map<string, number>();
  for (let length = readInt(); ; length = readInt()) {
    if (length === 0) break;
    if (length < 0 || length > 4096) throw new Error(`sendump: bad header string length ${length} (not a little-endian sendump?)`);
    const [name = '', value = ''] = sendump
      .subarray(offset, offset + length - 1)
      .toString('latin1')
      .split(' ');
    if (/^\d+$/.test(value)) header.set(name, Number(value));
    offset += length;
  }
  if (header.get('cluster_count')) throw new Error('sendump: clustered (4-bit) weights are not supported');
  const shift = header.get('mixw_shift') ?? 10;
  const streams = header.get('feature_count') ?? 1;
  const codewords = readInt();
  const senones = readInt();
  if (sendump.length - offset < streams * codewords * senones) throw new Error('sendump: shorter than its dimensions');
  const weightOf = Array.from({ length: 256 }, (_, v) => 1.0001 ** -(v << shift));
  const weights = new Float32Array(senones * streams * codewords);
  for (let stream = 0; stream < streams; stream += 1) {
    for (let codeword = 0; codeword < codewords; codeword += 1) {
      const row = offset + (stream * codewords + codeword) * senones;
      for (let senone = 0; senone < senones; senone += 1)
        weights[(senone * streams + stream) * codewords + codeword] = weightOf[sendump[row + senone] ?? 255] ?? 0;
    }
  }
  for (let i = 0; i < senones * streams; i += 1) {
    const distribution = weights.subarray(i * codewords, (i + 1) * codewords);
    const total = distribution.reduce((sum, w) => sum + w, 0);
    for (let j = 0; j < codewords; j += 1) distribution[j] = (distribution[j] ?? 0) / total;
  }
  let text = 's3\nversion 1.0\n';
  const misalignment = (text.length + 'endhdr\n'.length) % 4;
  text += `${misalignment ? ' '.repeat(4 - misalignment) : ''}endhdr\n`;
  const dimensions = Buffer.alloc(20);
  dimensions.writeInt32LE(0x11223344, 0);
  [senones, streams, codewords, senones * streams * codewords].forEach((value, i) => dimensions.writeUInt32LE(value, 4 + 4 * i));
  return Buffer.concat([Buffer.from(text, 'latin1'), dimensions, Buffer.from(weights.buffer)]);
}
