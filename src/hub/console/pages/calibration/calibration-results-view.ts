import type { CalibrationView } from '../../../review/calibration/calibration-results.js';
import { formatVerdict } from '../../../review/effective-scoring.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { kappaCell } from '../../ui/kappa-cell.js';
import { postForm, type FormFrame } from '../../ui/post-form.js';
import { verdictOptionTags } from '../../ui/verdict-choice.js';

type Results = NonNullable<CalibrationView['results']>;

const percent = (v: number | null) => (v === null ? html`<span title="No benchmark set yet">n/a</span>` : `${Math.round(v * 1000) / 10}%`);

function benchmarkSelect(callId: string, criterionId: string, type: string, value: number | null): SafeHtml {
  const current = value === null ? '' : formatVerdict(type, value);
  return html`<select name="b:${callId}:${criterionId}" aria-label="Benchmark">${verdictOptionTags(type, current, true)}</select>`;
}

function resultsTable(view: CalibrationView, results: Results, canSet: boolean): SafeHtml {
  const rows = view.calls.flatMap((call, i) =>
    call.criteria.map((c) => {
      const cell = results.cells.find((x) => x.transcriptionId === call.transcriptionId && x.criterionId === c.criterionId);
      const verdict = (v: number | undefined | null) => (v === undefined || v === null ? '—' : formatVerdict(c.type, v));
      const benchmark = cell?.benchmark ?? null;
      return html`<tr><th scope="row">Call ${i + 1}: ${call.name ?? call.transcriptionId.slice(0, 8)}</th><td>${c.name}</td>
${view.reviewers.map((r) => html`<td>${verdict(cell?.reviewers[r.userId])}</td>`)}<td>${verdict(cell?.ai)}</td>
<td class="benchmark">${canSet ? benchmarkSelect(call.transcriptionId, c.criterionId, c.type, benchmark) : verdict(benchmark)}</td></tr>`;
    }),
  );
  return html`<div class="table-scroll"><table class="calibration-results" id="calibration-results" aria-label="Verdicts per call and criterion">
<thead><tr><th scope="col">Call</th><th scope="col">Criterion</th>${view.reviewers.map((r) => html`<th scope="col">${r.name}</th>`)}<th scope="col">AI</th><th scope="col">Benchmark</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

/** A revealed session's results: verdicts, benchmark (set by leads), alignment and kappa, CSV. */
export function calibrationResults(frame: FormFrame, view: CalibrationView, canSet: boolean): SafeHtml {
  const results = view.results;
  if (!results) return html``;
  return html`<h2 id="results-h">Results</h2>
<p><a href="/console/calibration/${view.id}/results.csv" download>Download CSV</a></p>
${
  canSet
    ? html`${postForm(frame, { action: `/console/calibration/${view.id}/benchmark`, id: 'benchmark-form', label: 'Benchmark' }, html`${resultsTable(view, results, true)}<p><button type="submit">Save benchmark</button></p>`)}
${postForm(frame, { action: `/console/calibration/${view.id}/majority`, class: 'inline', label: 'Fill from majority' }, html`<button type="submit" class="secondary">Fill empty benchmark cells from the reviewers' majority</button>`)}`
    : resultsTable(view, results, false)
}
<h2 id="alignment-h">Alignment with the benchmark</h2>
<table class="calibration-alignment" id="calibration-alignment" aria-label="Alignment with the benchmark"><thead><tr><th scope="col">Who</th><th scope="col">Alignment</th></tr></thead>
<tbody>${view.reviewers.map((r) => html`<tr><th scope="row">${r.name}</th><td>${percent(results.alignment[r.userId] ?? null)}</td></tr>`)}<tr><th scope="row">AI</th><td>${percent(results.aiAlignment)}</td></tr></tbody></table>
<h2 id="kappa-h">Agreement per criterion (kappa)</h2>
<p class="hint">Cohen's kappa of each reviewer and of the AI against the benchmark; Fleiss' kappa among the reviewers. 1 is perfect agreement, 0 what chance gives.</p>
<div class="table-scroll"><table class="calibration-kappa" id="calibration-kappa" aria-label="Kappa per criterion">
<thead><tr><th scope="col">Criterion</th><th scope="col">Benchmarked</th>${view.reviewers.map((r) => html`<th scope="col">${r.name}</th>`)}<th scope="col">AI</th><th scope="col">Fleiss (reviewers)</th></tr></thead>
<tbody>${results.criteria.map((c) => html`<tr><th scope="row">${c.name}</th><td>${c.benchmarked}</td>${view.reviewers.map((r) => html`<td>${kappaCell(c.reviewerKappa[r.userId] ?? null)}</td>`)}<td>${kappaCell(c.aiKappa)}</td><td>${kappaCell(c.fleissKappa)}</td></tr>`)}</tbody></table></div>`;
}
