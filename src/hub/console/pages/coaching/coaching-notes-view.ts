import type { CoachingNoteRow } from '../../../review/coaching/coaching-notes.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { formatDate } from '../../ui/layout.js';
import { postForm, type FormFrame } from '../../ui/post-form.js';

/**
 * Coaching notes as a list: each with its criterion, author and whether it is acknowledged; the
 * agent gets an Acknowledge button (back to `returnTo`). Used by the coaching page and the call view.
 */
export function coachingNoteList(
  frame: FormFrame,
  notes: CoachingNoteRow[],
  options: { canAcknowledge: boolean; returnTo: string; showCall: boolean },
): SafeHtml {
  if (notes.length === 0) return html`<p>No coaching notes.</p>`;
  return html`<ul class="notes coaching-notes">${notes.map(
    (
      n,
    ) => html`<li data-id="${n.id}"><p><strong>${n.criterion}</strong>${options.showCall ? html` on <a href="/console/calls/${n.transcriptionId}">${n.callName ?? n.transcriptionId.slice(0, 8)}</a> <span class="muted">${n.participant ?? ''}</span>` : ''}</p>
<p class="pre">${n.body}</p>
<p class="hint">${n.author}, ${formatDate(n.createdAt)} · <span class="ack">${n.acknowledgedAt ? `Acknowledged ${formatDate(n.acknowledgedAt)}` : 'Not acknowledged yet'}</span></p>
${options.canAcknowledge && !n.acknowledgedAt ? postForm(frame, { action: `/console/coaching/${n.id}/acknowledge`, class: 'inline', hidden: { return_to: options.returnTo }, label: `Acknowledge the note on ${n.criterion}` }, html`<button type="submit">Acknowledge</button>`) : ''}</li>`,
  )}</ul>`;
}
