/**
 * The samples of a Prometheus text exposition, one per line (`name{label="v",…} value`), for the
 * histograms: parse-prometheus-text-format merges every labelled series of a histogram into one
 * (its flattenMetrics keeps only the last buckets), so per-route series are read here instead.
 * Strict: a line that is not a comment, empty or a well-formed sample throws.
 */
export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/gy;

export function parseSamples(text: string): PromSample[] {
  const samples: PromSample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = sampleLine.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    const body = match[2] ?? '';
    labelPair.lastIndex = 0;
    let consumed = 0;
    for (let pair = labelPair.exec(body); pair; pair = labelPair.exec(body)) {
      labels[pair[1]] = pair[2].replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
      consumed = labelPair.lastIndex;
    }
    if (consumed !== body.length) throw new Error(`bad labels: ${line}`);
    const raw = match[3];
    const value = raw === '+Inf' ? Infinity : raw === '-Inf' ? -Infinity : Number(raw);
    if (Number.isNaN(value) && raw !== 'NaN') throw new Error(`bad value: ${line}`);
    samples.push({ name: match[1], labels, value });
  }
  return samples;
}

/** One histogram series (its labels, without `le`): cumulative buckets, count and sum. */
export function histogramSeries(samples: PromSample[], name: string, labels: Record<string, string>) {
  const matches = (s: PromSample) => Object.entries(labels).every(([k, v]) => s.labels[k] === v);
  const buckets = samples.filter((s) => s.name === `${name}_bucket` && matches(s));
  const count = samples.find((s) => s.name === `${name}_count` && matches(s))?.value;
  const sum = samples.find((s) => s.name === `${name}_sum` && matches(s))?.value;
  return { buckets: new Map(buckets.map((b) => [b.labels.le, b.value])), count, sum };
}
