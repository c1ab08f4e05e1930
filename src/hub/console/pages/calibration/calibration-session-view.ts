import type { CalibrationCall, CalibrationView } from '../../../review/calibration/calibration-results.js';
import { formatVerdict } from '../../../review/effective-scoring.js';
import type { Turn } from '../../../review/load-call.js';
import { mayReview } from '../../users/console-user.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { plainTranscript } from '../../ui/plain-transcript.js';
import { inlineFlash, verdictOptionTags } from '../../ui/verdict-choice.js';
import { formatDate, layout, type PageFrame } from '../../ui/layout.js';
import { postForm, type FormFrame } from '../../ui/post-form.js';
import { calibrationResults } from './calibration-results-view.js';

type Frame = Omit<PageFrame, 'title'>;

/** One call for a reviewer who has not submitted: its transcript and a verdict per criterion (their own, never anyone else's). */
function scoringForm(
  frame: FormFrame & { flash?: PageFrame['flash'] },
  view: CalibrationView,
  call: CalibrationCall,
  index: number,
  turns: Turn[],
): SafeHtml {
  const anchor = `call-${call.transcriptionId}`;
  return html`<section class="calibration-call" id="${anchor}" aria-labelledby="${anchor}-h">
<h2 id="${anchor}-h">Call ${index + 1}: ${call.name ?? call.transcriptionId.slice(0, 8)} <span class="muted">${call.participant ?? ''}</span></h2>
<div class="call">
<div class="transcript-pane">${plainTranscript(turns)}</div>
${postForm(
  frame,
  {
    action: `/console/calibration/${view.id}/calls/${call.transcriptionId}`,
    class: 'calibration-verdicts',
    label: `Your verdicts on call ${index + 1}`,
  },
  html`${inlineFlash(frame.flash, anchor)}
${call.criteria.map((c) => {
  const mine = view.mine[`${call.transcriptionId}/${c.criterionId}`];
  const current = mine === undefined ? '' : formatVerdict(c.type, mine);
  const id = `v-${call.transcriptionId}-${c.criterionId}`;
  return html`<div class="field"><label for="${id}">${c.name} <span class="type">${c.type}</span></label>
<select id="${id}" name="${c.criterionId}">${verdictOptionTags(c.type, current, true)}</select></div>`;
})}
<p><button type="submit">Save verdicts on this call</button></p>`,
)}
</div></section>`;
}

function progress(view: CalibrationView): SafeHtml {
  return html`<ul class="calibration-progress" aria-label="Reviewers">${view.reviewers.map((r) => html`<li>${r.name}: ${r.submitted ? html`<span class="good">submitted</span>` : 'not submitted'}</li>`)}</ul>`;
}

/** /console/calibration/:id: blind scoring until the results are revealed, then the results; only what loadCalibrationView returned is shown. */
export function calibrationSessionPage(frame: Frame, view: CalibrationView, turns: Map<string, Turn[]>): SafeHtml {
  const isLead = mayReview(frame.user?.role);
  const isScoring = view.viewerIsReviewer && !view.viewerSubmitted && !view.revealed;
  const given = Object.keys(view.mine).length;
  const needed = view.calls.reduce((n, c) => n + c.criteria.length, 0);
  const formFlash = view.calls.some((c) => frame.flash?.at === `call-${c.transcriptionId}`) ? frame.flash : undefined;
  return layout(
    { ...frame, flash: formFlash ? undefined : frame.flash, title: view.title, current: 'calibration' },
    html`<p><a href="/console/calibration">← Calibration</a></p>
<h1>${view.title}</h1>
<dl class="facts"><div><dt>Created</dt><dd>${formatDate(view.createdAt)}</dd></div><div><dt>Deadline</dt><dd>${formatDate(view.deadline)}</dd></div><div><dt>Calls</dt><dd>${view.calls.length}</dd></div><div><dt>Status</dt><dd id="session-status">${view.revealed ? 'Results shown' : 'Open: blind'}</dd></div></dl>
${progress(view)}
${isLead && !view.revealed ? postForm(frame, { action: `/console/calibration/${view.id}/close`, class: 'inline', label: 'Close session' }, html`<button type="submit" class="secondary">Close early and show the results</button>`) : ''}
${
  isScoring
    ? html`<p class="hint" id="scoring-hint">Score each call blind: nobody's verdicts (nor the AI's) are shown until every reviewer has submitted. ${given} of ${needed} verdicts given.</p>
${view.calls.map((call, i) => scoringForm({ ...frame, flash: formFlash }, view, call, i, turns.get(call.transcriptionId) ?? []))}
${postForm(frame, { action: `/console/calibration/${view.id}/submit`, id: 'submit-calibration', label: 'Submit verdicts' }, html`<button type="submit"${given < needed ? html` disabled` : ''}>Submit my verdicts</button>${given < needed ? html` <span class="hint">Give every verdict first.</span>` : ''}`)}`
    : ''
}
${!view.revealed && !isScoring ? html`<p id="waiting">${view.viewerSubmitted ? 'You have submitted. ' : ''}The results appear when every reviewer has submitted or a lead closes the session.</p>` : ''}
${view.results ? calibrationResults(frame, view, isLead) : ''}`,
  );
}
