import type { DashboardFigures, DashboardFilters } from '../../../review/dashboard-figures.js';
import { html, jsonForScript, type SafeHtml } from '../../ui/html.js';
import { formatDate, formatScore, layout, type PageFrame } from '../../ui/layout.js';
import { kappaOf, reviewFiguresSection, type ReviewFigures } from './review-figures-view.js';

const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const pct = (part: number, whole: number) => (whole ? `${Math.round((1000 * part) / whole) / 10}%` : '—');

function heatmap(cells: number[][]): SafeHtml {
  const max = Math.max(1, ...cells.flat());
  return html`<table class="heatmap"><caption>Calls by weekday and hour (UTC)</caption>
<thead><tr><th scope="col">Day</th>${Array.from({ length: 24 }, (_, h) => html`<th scope="col">${h}</th>`)}</tr></thead>
<tbody>${cells.map(
    (row, d) =>
      html`<tr><th scope="row">${days[d]}</th>${row.map((count) => {
        const level = count === 0 ? 0 : Math.ceil((4 * count) / max);
        return html`<td class="heat-${level}" title="${days[d]} ${count} calls">${count || ''}</td>`;
      })}</tr>`,
  )}</tbody></table>`;
}

export function dashboardPage(
  frame: Omit<PageFrame, 'title' | 'current'>,
  filters: DashboardFilters,
  figures: DashboardFigures,
  options: { sheetsUrl: string | null; review?: ReviewFigures },
): SafeHtml {
  const k = figures.kpis;
  const chartData = {
    timeline: figures.timeline,
    distribution: figures.distribution,
    criteria: figures.criteria.slice(0, 15).map((c) => ({
      name: c.name,
      ai: c.total ? (100 * c.aiFails) / c.total : 0,
      reviewed: c.reviewedRows ? (100 * c.reviewedFails) / c.reviewedRows : null,
    })),
  };
  const agreement = figures.criteria.filter((c) => c.reviewedRows > 0).sort((a, b) => b.overrules - a.overrules);
  return layout(
    { ...frame, title: 'Dashboard', current: 'dashboard', scripts: ['/console/assets/chart.umd.min.js', '/console/assets/dashboard.js'] },
    html`<h1>Dashboard</h1>
<p class="lead-in">From the hub's mirror (no analytics quota spent): ${figures.range.from} to ${figures.range.to}.</p>
<form method="get" action="/console/dashboard" class="filters" aria-label="Dashboard filters">
  <div class="field"><label for="d-from">From</label><input id="d-from" type="date" name="from" value="${filters.from ?? figures.range.from}"></div>
  <div class="field"><label for="d-to">To</label><input id="d-to" type="date" name="to" value="${filters.to ?? figures.range.to}"></div>
  <div class="field"><label for="d-evaluator">Evaluator</label><select id="d-evaluator" name="evaluator">
<option value="">All</option>${figures.evaluators
      .filter((e) => e.id)
      .map((e) => html`<option value="${e.id}"${e.id === filters.evaluator ? html` selected` : ''}>${e.label}</option>`)}</select></div>
  <div class="actions"><button type="submit">Apply</button></div>
</form>
<ul class="kpis">
  <li><span class="kpi">${k.calls}</span> calls</li>
  <li><span class="kpi">${formatScore(k.avgScore)}</span> average score</li>
  <li><span class="kpi">${k.passRate === null ? '—' : `${Math.round(k.passRate * 10) / 10}%`}</span> pass rate</li>
  <li><span class="kpi">${k.criticalFails}</span> critical fails</li>
  <li><span class="kpi">${k.pendingReviews}</span> waiting for review</li>
  <li><span class="kpi">${k.reviewed}</span> reviewed, ${k.overrides} overrides</li>
  <li id="failed-kpi"><a href="/console/failed"><span class="kpi">${k.failed}</span> failed to process</a></li>
</ul>
<div class="charts">
  <figure><canvas id="chart-timeline" role="img" aria-label="Average score and calls per day"></canvas><figcaption>Score timeline</figcaption></figure>
  <figure><canvas id="chart-distribution" role="img" aria-label="Calls per score band"></canvas><figcaption>Score distribution</figcaption></figure>
  <figure class="wide"><canvas id="chart-criteria" role="img" aria-label="Fail rate per criterion, AI and after review"></canvas>
<figcaption>Criteria fail rates: AI and after human review</figcaption></figure>
</div>
<script type="application/json" id="dashboard-data">${jsonForScript(chartData)}</script>
<h2>AI and human agreement per criterion</h2>
<table><caption class="visually-hidden">Agreement per criterion</caption><thead><tr><th scope="col">Criterion</th><th scope="col">Reviewed verdicts</th>
<th scope="col">Overruled by a lead</th><th scope="col">Agreement</th>${options.review ? html`<th scope="col">Cohen's kappa</th>` : ''}</tr></thead>
<tbody>${
      agreement.length
        ? agreement.map(
            (c) => html`<tr><td>${c.name}</td><td>${c.reviewedRows}</td><td>${c.overrules}</td>
<td>${pct(c.agreements, c.reviewedRows)}</td>${options.review ? html`<td>${kappaOf(options.review, c.name)}</td>` : ''}</tr>`,
          )
        : html`<tr><td colspan="${options.review ? 5 : 4}">No reviewed calls in this range yet.</td></tr>`
    }</tbody></table>
${options.review ? reviewFiguresSection(options.review) : ''}
<div class="tables">
<section><h2>Per participant</h2><table><caption class="visually-hidden">Per participant</caption><thead><tr><th scope="col">Participant</th>
<th scope="col">Calls</th><th scope="col">Average</th><th scope="col">Critical fails</th></tr></thead>
<tbody>${figures.participants.map(
      (p) => html`<tr><td>${p.label}</td><td>${p.calls}</td><td>${formatScore(p.avgScore)}</td><td>${p.criticalFails}</td>
</tr>`,
    )}</tbody></table></section>
<section><h2>Per evaluator</h2><table><caption class="visually-hidden">Per evaluator</caption><thead><tr><th scope="col">Evaluator</th>
<th scope="col">Calls</th><th scope="col">Average</th><th scope="col">Critical fails</th></tr></thead>
<tbody>${figures.evaluators.map(
      (e) => html`<tr><td>${e.label}</td><td>${e.calls}</td><td>${formatScore(e.avgScore)}</td><td>${e.criticalFails}</td>
</tr>`,
    )}</tbody></table></section>
</div>
<h2>When calls happen</h2>
${heatmap(figures.heatmap)}
<h2>Latest reports</h2>
${
  figures.reports.length
    ? html`<ul>${figures.reports.map(
        (r) =>
          html`<li>${r.kind}${
            r.subject ? ` ${r.subject}` : ''
          } ${r.period}, pulled ${formatDate(r.finishedAt)}${r.exportTarget ? ` → ${r.exportTarget}` : ''}</li>`,
      )}</ul>`
    : html`<p>No report has run yet.</p>`
}
${options.sheetsUrl ? html`<p><a href="${options.sheetsUrl}">Open the reports' spreadsheet</a></p>` : ''}`,
  );
}
