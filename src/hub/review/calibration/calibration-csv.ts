import { stringify } from 'csv-stringify/sync';
import { formatVerdict } from '../effective-scoring.js';
import type { CalibrationView } from './calibration-results.js';

/**
 * A revealed session's results as CSV: one row per call and criterion, a column per reviewer, the
 * AI's and the benchmark's verdicts; then one row per criterion with the agreement figures.
 */
/**
 * A name as a spreadsheet may show it: call and criterion names come from the upstream, so one
 * starting with = + - @ (or a tab or carriage return) is prefixed with ' and never runs as a
 * formula. Only the text cells: a negative kappa stays a number.
 */
const asText = (name: string) => (/^[=+\-@\t\r]/.test(name) ? `'${name}` : name);

export function calibrationResultsCsv(view: CalibrationView): string {
  if (!view.results) throw new Error('calibrationResultsCsv: the session is not revealed');
  const kappa = (k: number | null) => (k === null ? '' : k.toFixed(3));
  const header = ['call_id', 'call', 'criterion', ...view.reviewers.map((r) => asText(r.email || r.name)), 'ai', 'benchmark'];
  const rows: string[][] = [];
  for (const call of view.calls) {
    for (const criterion of call.criteria) {
      const cell = view.results.cells.find((c) => c.transcriptionId === call.transcriptionId && c.criterionId === criterion.criterionId);
      const verdict = (v: number | null | undefined) => (v === null || v === undefined ? '' : formatVerdict(criterion.type, v));
      rows.push([
        call.transcriptionId,
        asText(call.name ?? ''),
        asText(criterion.name),
        ...view.reviewers.map((r) => verdict(cell?.reviewers[r.userId])),
        verdict(cell?.ai),
        verdict(cell?.benchmark),
      ]);
    }
  }
  rows.push([]);
  rows.push(['agreement', '', 'criterion', ...view.reviewers.map((r) => `kappa ${asText(r.email || r.name)}`), 'kappa ai', 'fleiss kappa']);
  for (const c of view.results.criteria) {
    rows.push([
      'agreement',
      '',
      asText(c.name),
      ...view.reviewers.map((r) => kappa(c.reviewerKappa[r.userId] ?? null)),
      kappa(c.aiKappa),
      kappa(c.fleissKappa),
    ]);
  }
  const share = (v: number | null) => (v === null ? '' : (v * 100).toFixed(1));
  rows.push([
    'alignment %',
    '',
    '',
    ...view.reviewers.map((r) => share(view.results?.alignment[r.userId] ?? null)),
    share(view.results.aiAlignment),
    '',
  ]);
  return stringify([header, ...rows]);
}
