import { html, type SafeHtml } from '../../ui/html.js';
import { layout, type PageFrame } from '../../ui/layout.js';
import { postForm, type FormFrame } from '../../ui/post-form.js';

export interface ReviewerChoice {
  id: string;
  name: string;
  role: string;
}

/**
 * What the form shows: the calls and reviewers to choose from, and, when a refused form is shown
 * again, what was sent (title, ticked reviewers, the deadline as typed).
 */
export interface NewSessionValues {
  callIds: string[];
  reviewers: ReviewerChoice[];
  title?: string;
  checked?: string[];
  /** The deadline as a `datetime-local` value (`YYYY-MM-DDTHH:MM`, UTC). */
  deadline?: string;
}

/** The form that starts a session: title, the calls (one id a line), reviewers by name, an optional deadline (UTC). */
export function newSessionForm(frame: FormFrame, values: NewSessionValues): SafeHtml {
  const checked = new Set(values.checked ?? []);
  return postForm(
    frame,
    { action: '/console/calibration', id: 'new-session', label: 'New calibration session' },
    html`<div class="field"><label for="title">Title</label><input id="title" name="title" required maxlength="200" value="${values.title ?? ''}"></div>
<div class="field"><label for="calls">Calls (transcription ids, one a line or separated by commas)</label><textarea id="calls" name="calls" rows="5" required>${values.callIds.join('\n')}</textarea></div>
<fieldset><legend>Reviewers (at least two)</legend>
${values.reviewers.length === 0 ? html`<p class="hint">No active leads or admins.</p>` : ''}
${values.reviewers.map(
  (r) =>
    html`<label><input type="checkbox" name="reviewers" value="${r.id}"${checked.has(r.id) ? html` checked` : ''}> ${r.name} <span class="muted">(${r.role})</span></label><br>`,
)}
</fieldset>
<div class="field"><label for="deadline">Deadline (UTC, optional)</label><input id="deadline" name="deadline" type="datetime-local" value="${values.deadline ?? ''}"></div>
<p><button type="submit">Start session</button></p>`,
  );
}

/**
 * The new-session page: with the calls picked on the review queue ("Calibrate selected"), nothing
 * created until it is sent; or a refused form shown again with what was sent and why (`refused`).
 */
export function newSessionPage(frame: Omit<PageFrame, 'title'>, values: NewSessionValues, refused?: string): SafeHtml {
  const count = `${values.callIds.length} call${values.callIds.length === 1 ? '' : 's'}`;
  return layout(
    { ...frame, title: 'New calibration session', current: 'calibration', ...(refused ? { flash: { kind: 'error', text: refused } } : {}) },
    html`<p><a href="/console/calibration">← Calibration</a></p><h1>New calibration session</h1>
<p class="lead-in">${
      refused
        ? `The session was not started: correct the form (${count}) and start it again.`
        : `${count} chosen on the review queue. Choose the reviewers and start the session.`
    }</p>
${newSessionForm(frame, values)}`,
  );
}
