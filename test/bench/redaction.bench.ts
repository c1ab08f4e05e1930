/**
 * Precision, recall and counts per policy of the redactor on the development set (the labelled set
 * the rules were written against) and on the held-out set (written before the rules were read), and
 * its throughput.
 * The baseline row times the spoken-number reading alone, so the detectors' own cost reads as a ratio.
 *
 *   npm run bench:redaction
 */
import { performance } from 'node:perf_hooks';
import { REDACTION_POLICIES, redactText } from '../../src/lib/redaction/index.js';
import { readSpokenNumbers } from '../../src/lib/redaction/read-spoken-numbers.js';
import { HELD_OUT_UTTERANCES } from '../redaction/held-out-utterances.js';
import { LABELLED_UTTERANCES, type LabelledUtterance } from '../redaction/labelled-utterances.js';
import { scoreLabelledSet } from '../redaction/score-labelled-set.js';

const out = (line: string) => process.stdout.write(`${line}\n`);
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const policies = [...REDACTION_POLICIES];

function printScores(title: string, set: LabelledUtterance[]): void {
  const { scores, misses } = scoreLabelledSet(set);
  out(`${title}: ${set.length} utterances`);
  out('policy                      expected found detected correct  recall precision');
  for (const s of scores) {
    out(
      `${s.policy.padEnd(28)}${String(s.expected).padStart(8)}${String(s.found).padStart(6)}${String(s.detected).padStart(9)}` +
        `${String(s.correct).padStart(8)}${s.recall.toFixed(3).padStart(8)}${s.precision.toFixed(3).padStart(10)}`,
    );
  }
  for (const m of misses) out(`  ${m.kind} ${m.policy}: "${m.what}" in "${m.text}"`);
  out('');
}

printScores('development set (labelled-utterances.ts)', LABELLED_UTTERANCES);
printScores('held-out set (held-out-utterances.ts)', HELD_OUT_UTTERANCES);

function utterancesPerSecond(work: (text: string) => unknown): number {
  for (const u of LABELLED_UTTERANCES) work(u.text);
  const started = performance.now();
  for (let r = 0; r < rounds; r += 1) for (const u of LABELLED_UTTERANCES) work(u.text);
  return (rounds * LABELLED_UTTERANCES.length) / ((performance.now() - started) / 1000);
}

const baseline = utterancesPerSecond((t) => readSpokenNumbers(t));
const full = utterancesPerSecond((t) => redactText(t, { policies, substitution: 'entity_name' }));
out(
  `throughput: redactText ${Math.round(full)} utterances/s; reading spoken numbers alone ${Math.round(baseline)}/s (redactText takes ${(baseline / full).toFixed(1)}x its time)`,
);
