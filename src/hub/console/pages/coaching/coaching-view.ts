import type { CoachingNoteRow } from '../../../review/coaching/coaching-notes.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { layout, type PageFrame } from '../../ui/layout.js';
import { coachingNoteList } from './coaching-notes-view.js';

/** /console/coaching: an agent's notes to acknowledge; for the other roles every note and whether it is acknowledged. */
export function coachingPage(frame: Omit<PageFrame, 'title'>, view: { notes: CoachingNoteRow[]; isAgent: boolean }): SafeHtml {
  const acknowledged = view.notes.filter((n) => n.acknowledgedAt).length;
  return layout(
    { ...frame, title: 'Coaching', current: 'coaching' },
    html`<h1>Coaching</h1>
<p class="lead-in">${view.isAgent ? 'Feedback from your leads on your calls, one criterion at a time: acknowledge each once read.' : 'Feedback leads gave on a criterion of a call (added from the call view), and whether the agent has acknowledged it.'} ${acknowledged} of ${view.notes.length} acknowledged.</p>
${coachingNoteList(frame, view.notes, { canAcknowledge: view.isAgent, returnTo: '/console/coaching', showCall: true })}`,
  );
}
