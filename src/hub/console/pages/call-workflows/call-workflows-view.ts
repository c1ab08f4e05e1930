import type { HubCriterionResult } from '../../../../generated/prisma/client.js';
import { formatVerdict } from '../../../review/effective-scoring.js';
import type { Turn } from '../../../review/load-call.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { plainTranscript } from '../../ui/plain-transcript.js';
import { inlineFlash, verdictOptionTags } from '../../ui/verdict-choice.js';
import { formatDate, layout, type PageFrame } from '../../ui/layout.js';
import { postForm, type FormFrame } from '../../ui/post-form.js';
import { coachingNoteList } from '../coaching/coaching-notes-view.js';
import { statusLabel } from '../disputes/disputes-view.js';
import type { CallWorkflows } from './call-workflows.js';

type Flash = PageFrame['flash'];

/** Whether the page's flash belongs to one of this file's forms (shown there, not at the top). */
export const isWorkflowFlash = (flash: Flash) => Boolean(flash?.at && /^(dispute|coaching)-/.test(flash.at));

/** Under each criterion: its disputes, the agent's Dispute form (while none is open), the lead's coaching form. */
export function criterionWorkflows(
  frame: FormFrame & { flash?: Flash },
  callId: string,
  r: HubCriterionResult,
  w: CallWorkflows,
): SafeHtml {
  const disputes = w.disputes.filter((d) => d.criterionId === r.criterionId);
  const disputeAnchor = `dispute-${r.criterionId}`;
  const coachingAnchor = `coaching-${r.criterionId}`;
  return html`${disputes.map((d) => html`<p class="dispute-note">Dispute (${statusLabel(d.status)}): proposed ${formatVerdict(r.type, d.proposedValue)}, “${d.reason}”${d.resolutionNote ? html`; lead: “${d.resolutionNote}”` : ''} <span class="muted">${formatDate(d.createdAt)}</span></p>`)}
${
  w.isAgent
    ? html`<div class="dispute" id="${disputeAnchor}">${inlineFlash(frame.flash, disputeAnchor)}${
        disputes.some((d) => d.status === 'open')
          ? ''
          : postForm(
              frame,
              { action: `/console/calls/${callId}/disputes/${r.criterionId}`, class: 'override', label: `Dispute ${r.name}` },
              html`<label for="d-${r.criterionId}">Verdict you propose</label>
<select id="d-${r.criterionId}" name="proposed">${verdictOptionTags(r.type, '', false)}</select>
<label for="dr-${r.criterionId}">Reason</label><input id="dr-${r.criterionId}" name="reason" required maxlength="1000">
<button type="submit">Dispute</button>`,
            )
      }</div>`
    : ''
}
${
  w.isLead
    ? postForm(
        frame,
        {
          action: `/console/calls/${callId}/coaching/${r.criterionId}`,
          class: 'override',
          id: coachingAnchor,
          label: `Coaching note on ${r.name}`,
        },
        html`${inlineFlash(frame.flash, coachingAnchor)}<label for="cn-${r.criterionId}">Coaching note</label><input id="cn-${r.criterionId}" name="body" required maxlength="4000">
<button type="submit" class="secondary">Add coaching note</button>`,
      )
    : ''
}`;
}

/** The call's coaching notes, below the evaluation; the agent acknowledges them here. */
export function coachingSection(frame: FormFrame, callId: string, w: CallWorkflows): SafeHtml {
  if (!w.isAgent && w.coaching.length === 0) return html``;
  return html`<section aria-labelledby="coaching-h"><h2 id="coaching-h">Coaching</h2>
${coachingNoteList(frame, w.coaching, { canAcknowledge: w.isAgent, returnTo: `/console/calls/${callId}#coaching-h`, showCall: false })}</section>`;
}

/** The call for a reviewer still scoring it in a calibration session: the transcript only, no verdicts. */
export function blindCallPage(
  frame: Omit<PageFrame, 'title'>,
  call: { id: string; name: string | null },
  turns: Turn[],
  session: { id: string; title: string },
): SafeHtml {
  return layout(
    { ...frame, title: call.name ?? `Call ${call.id.slice(0, 8)}` },
    html`<h1>${call.name ?? `Call ${call.id}`}</h1>
<p class="flash" id="calibration-blind">You are scoring this call blind in the calibration session <a href="/console/calibration/${session.id}">${session.title}</a>: its verdicts (the AI's and the leads') are hidden until you submit there.</p>
<section aria-labelledby="transcript-h"><h2 id="transcript-h">Transcript</h2>
${plainTranscript(turns)}
</section>`,
  );
}
