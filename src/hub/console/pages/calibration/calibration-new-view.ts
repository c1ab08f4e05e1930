import { toFormInstant } from '../../console-form.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { layout, type PageFrame } from '../../ui/layout.js';
import { postForm, type FormFrame } from '../../ui/post-form.js';

export interface ReviewerChoice {
  id: string;
  name: string;
  role: string;
}

/** The form that starts a session: title, the calls (one id a line), reviewers by name, an optional deadline (UTC). */
export function newSessionForm(frame: FormFrame, values: { callIds: string[]; reviewers: ReviewerChoice[]; deadline?: Date }): SafeHtml {
  return postForm(
    frame,
    { action: '/console/calibration', id: 'new-session', label: 'New calibration session' },
    html`<div class="field"><label for="title">Title</label><input id="title" name="title" required maxlength="200"></div>
<div class="field"><label for="calls">Calls (transcription ids, one a line or separated by commas)</label><textarea id="calls" name="calls" rows="5" required>${values.callIds.join('\n')}</textarea></div>
<fieldset><legend>Reviewers (at least two)</legend>
${values.reviewers.length === 0 ? html`<p class="hint">No active leads or admins.</p>` : ''}
${values.reviewers.map((r) => html`<label><input type="checkbox" name="reviewers" value="${r.id}"> ${r.name} <span class="muted">(${r.role})</span></label><br>`)}
</fieldset>
<div class="field"><label for="deadline">Deadline (UTC, optional)</label><input id="deadline" name="deadline" type="datetime-local" value="${toFormInstant(values.deadline)}"></div>
<p><button type="submit">Start session</button></p>`,
  );
}

/** The new-session page with calls picked on the review queue ("Calibrate selected"): nothing is created until it is sent. */
export function newSessionPage(frame: Omit<PageFrame, 'title'>, values: { callIds: string[]; reviewers: ReviewerChoice[] }): SafeHtml {
  return layout(
    { ...frame, title: 'New calibration session', current: 'calibration' },
    html`<p><a href="/console/calibration">← Calibration</a></p><h1>New calibration session</h1>
<p class="lead-in">${values.callIds.length} call${values.callIds.length === 1 ? '' : 's'} chosen on the review queue. Choose the reviewers and start the session.</p>
${newSessionForm(frame, values)}`,
  );
}
