import type { CalibrationSessionSummary } from '../../../review/calibration/list-calibration-sessions.js';
import { mayReview } from '../../users/console-user.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { formatDate, layout, type PageFrame } from '../../ui/layout.js';
import { newSessionForm, type ReviewerChoice } from './calibration-new-view.js';

type Frame = Omit<PageFrame, 'title'>;

const progress = (s: CalibrationSessionSummary) =>
  s.revealed
    ? html`<span class="good">Results shown</span>`
    : html`${s.submitted} of ${s.reviewers} submitted${s.viewerIsReviewer ? (s.viewerSubmitted ? ' (you have)' : html` <strong>(yours to do)</strong>`) : ''}`;

/** /console/calibration: the sessions with their progress; a lead starts one from pasted call ids. */
export function calibrationListPage(frame: Frame, view: { sessions: CalibrationSessionSummary[]; reviewers: ReviewerChoice[] }): SafeHtml {
  const canCreate = mayReview(frame.user?.role);
  return layout(
    { ...frame, title: 'Calibration', current: 'calibration' },
    html`<h1>Calibration</h1>
<p class="lead-in">Several reviewers score the same calls blind; the results (every reviewer's verdicts, the AI's, the benchmark, alignment and kappa) appear when all have submitted or a lead closes the session. Calibration verdicts never change a call's scores.</p>
<div class="table-scroll"><table class="calibration-sessions" aria-label="Calibration sessions">
<thead><tr><th scope="col">Session</th><th scope="col">Created</th><th scope="col">Deadline</th><th scope="col">Calls</th><th scope="col">Progress</th></tr></thead>
<tbody>
${view.sessions.length === 0 ? html`<tr><td colspan="5">No calibration sessions yet.</td></tr>` : ''}
${view.sessions.map(
  (s) =>
    html`<tr data-id="${s.id}"><td><a href="/console/calibration/${s.id}">${s.title}</a></td><td>${formatDate(s.createdAt)}</td><td>${formatDate(s.deadline)}</td><td>${s.calls}</td><td>${progress(s)}</td></tr>`,
)}
</tbody></table></div>
${canCreate ? html`<h2 id="new-h">New session</h2>${newSessionForm(frame, { callIds: [], reviewers: view.reviewers })}` : ''}`,
  );
}
