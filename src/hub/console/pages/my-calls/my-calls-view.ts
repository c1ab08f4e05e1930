import { html, type SafeHtml } from '../../ui/html.js';
import { formatDate, formatScore, formatStatus, layout, type PageFrame } from '../../ui/layout.js';
import type { MyCall } from './my-calls.js';

/** /console/my-calls: an agent's own calls, newest first. */
export function myCallsPage(frame: Omit<PageFrame, 'title'>, calls: MyCall[]): SafeHtml {
  return layout(
    { ...frame, title: 'My calls', current: 'my-calls' },
    html`<h1>My calls</h1>
<p class="lead-in">Your calls, newest first, with the score and critical-fail flag in force (a lead's verdicts over the AI's). Open a call to see each verdict, dispute one or read your coaching. Times are UTC.</p>
<div class="table-scroll"><table class="my-calls" id="my-calls" aria-label="My calls">
<thead><tr><th scope="col">Recorded</th><th scope="col">Call</th><th scope="col">Status</th><th scope="col">Score</th><th scope="col">Critical fail</th></tr></thead>
<tbody>
${calls.length === 0 ? html`<tr><td colspan="5">No calls yet.</td></tr>` : ''}
${calls.map(
  (
    c,
  ) => html`<tr data-id="${c.id}"><td>${formatDate(c.recordedAt)}</td><td><a href="/console/calls/${c.id}">${c.name ?? c.id.slice(0, 8)}</a></td><td>${formatStatus(c.status)}</td>
<td class="${c.isReviewed ? 'human' : ''}">${formatScore(c.score)}</td><td class="${c.criticalFail ? 'bad' : ''}">${c.criticalFail === null ? '—' : c.criticalFail ? 'Yes' : 'No'}</td></tr>`,
)}
</tbody></table></div>`,
  );
}
