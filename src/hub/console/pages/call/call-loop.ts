/**
 * The call view's fast loop (docs/console.md "The fast loop"): back to the list, previous and next
 * call in that list's order, the keyboard shortcuts' help, and the failed criteria pinned first.
 */
import type { CallView } from '../../../review/load-call.js';
import type { ListNeighbours } from '../../../review/list-neighbours.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { callInList } from '../../ui/list-link.js';

type Result = CallView['results'][number];

/** The keys of assets/call-keys.js, as the help panel lists them. */
export const callShortcuts: [keys: string, what: string][] = [
  ['p', 'Play or pause the recording'],
  ['j / k', 'Next / previous call in the list'],
  ['] / [', 'Focus the next / previous criterion'],
  ['1 / 2', 'Pass / fail the focused criterion (then type the reason and press Enter)'],
  ['u / a / r', 'Move the call to Under review / Archived / Pending review'],
  ['?', 'Show or hide this help'],
];

export function loopNav(loop: ListNeighbours): SafeHtml {
  const link = (id: string | null, rel: 'prev' | 'next', label: string) =>
    id
      ? html`<a href="${callInList(id, loop.list)}" rel="${rel}" id="${rel}-call">${label}</a>`
      : html`<span class="hint">${label}: none</span>`;
  return html`<nav class="call-loop" aria-label="Calls in this list"><a href="${loop.list}">← Back to the list</a>
${link(loop.previous, 'prev', 'Previous call')} ${link(loop.next, 'next', 'Next call')}
<button type="button" class="secondary" id="shortcuts-button" aria-controls="shortcuts-help" aria-expanded="false">Keyboard shortcuts (?)</button></nav>
<section id="shortcuts-help" aria-labelledby="shortcuts-h" hidden><h2 id="shortcuts-h">Keyboard shortcuts</h2>
<dl class="shortcuts">${callShortcuts.map(([keys, what]) => html`<div><dt><kbd>${keys}</kbd></dt><dd>${what}</dd></div>`)}</dl></section>`;
}

/** The verdict in force for a criterion: the lead's over the AI's. */
const statusOf = (view: CallView, r: Result) => view.effective.verdicts.find((v) => v.criterionId === r.criterionId)?.status ?? r.status;

/** The criteria, failed ones first (in their order), then the rest. */
export const failedFirst = (view: CallView): Result[] => [
  ...view.results.filter((r) => statusOf(view, r) === 'FAIL'),
  ...view.results.filter((r) => statusOf(view, r) !== 'FAIL'),
];

/** Why the call failed, at the top: each failed criterion with its reasoning and a link to its card. */
export function pinnedFailures(view: CallView): SafeHtml {
  const failed = view.results.filter((r) => statusOf(view, r) === 'FAIL');
  if (failed.length === 0) return html``;
  return html`<section class="pinned" id="pinned" aria-labelledby="pinned-h"><h2 id="pinned-h">Why it failed</h2>
<ul>${failed.map((r) => html`<li><a href="#criterion-${r.position}"><strong>${r.name}</strong></a>: ${r.reasoning}</li>`)}</ul></section>`;
}
