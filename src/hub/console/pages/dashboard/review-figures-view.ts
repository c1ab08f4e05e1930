import type { CriterionKappa } from '../../../review/agreement/ai-human-agreement.js';
import type { DisputeFigure } from '../../../review/disputes/list-disputes.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { kappaCell } from '../../ui/kappa-cell.js';

/** The dashboard's review figures: AI-vs-human Cohen's kappa by month, and disputes per criterion (docs/console.md "Agreement", "Disputes"). */
export interface ReviewFigures {
  kappa: CriterionKappa[];
  disputes: DisputeFigure[];
}

/** The kappa column of the AI-vs-human table, by criterion name. */
export const kappaOf = (figures: ReviewFigures, name: string) => kappaCell(figures.kappa.find((k) => k.name === name)?.kappa ?? null);

export function reviewFiguresSection(figures: ReviewFigures): SafeHtml {
  const months = [...new Set(figures.kappa.flatMap((k) => k.months.map((m) => m.month)))].sort();
  return html`<h2 id="kappa-trend-h">Cohen's kappa by month (AI against the human verdict)</h2>
<p class="hint">On reviewed calls: 1 is full agreement, 0 what chance gives; n/a where every verdict of the month falls in one category.</p>
<div class="table-scroll"><table id="kappa-trend" aria-labelledby="kappa-trend-h"><thead><tr><th scope="col">Criterion</th>${months.map((m) => html`<th scope="col">${m}</th>`)}</tr></thead>
<tbody>${
    figures.kappa.length
      ? figures.kappa.map(
          (k) =>
            html`<tr><th scope="row">${k.name}</th>${months.map((m) => {
              const month = k.months.find((x) => x.month === m);
              return html`<td>${month ? html`${kappaCell(month.kappa)} <span class="muted">(${month.reviewed})</span>` : '—'}</td>`;
            })}</tr>`,
        )
      : html`<tr><td colspan="${months.length + 1}">No reviewed calls in this range yet.</td></tr>`
  }</tbody></table></div>
<h2 id="disputes-h">Disputes per criterion</h2>
<table id="dispute-figures" aria-labelledby="disputes-h"><thead><tr><th scope="col">Criterion</th><th scope="col">Total</th><th scope="col">Open</th><th scope="col">Accepted</th><th scope="col">Partly accepted</th><th scope="col">Rejected</th></tr></thead>
<tbody>${
    figures.disputes.length
      ? figures.disputes.map(
          (d) =>
            html`<tr><th scope="row">${d.criterion}</th><td>${d.total}</td><td>${d.open}</td><td>${d.accepted}</td><td>${d.partlyAccepted}</td><td>${d.rejected}</td></tr>`,
        )
      : html`<tr><td colspan="6">No disputes on calls of this range.</td></tr>`
  }</tbody></table>`;
}
