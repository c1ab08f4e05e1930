import type { HubDispute } from '../../../../generated/prisma/client.js';
import { isAgent, type Viewer } from '../../../review/agent-scope.js';
import type { CoachingNoteRow } from '../../../review/coaching/coaching-notes.js';
import type { CallView } from '../../../review/load-call.js';
import type { CallBundle } from '../../../review/read-call-bundle.js';

/** What the call view shows of disputes and coaching (docs/console.md "Disputes", "Coaching"). */
export interface CallWorkflows {
  isAgent: boolean;
  isLead: boolean;
  disputes: HubDispute[];
  coaching: CoachingNoteRow[];
}

/** The call's disputes (newest first) and coaching notes, as this viewer may see them (the route has checked the call is theirs). */
export function callWorkflowsOf(bundle: CallBundle, viewer: Viewer): CallWorkflows {
  const { transcription } = bundle;
  const coaching = bundle.coaching.map((note) => ({ ...note, callName: transcription.name, participant: transcription.participantTag }));
  return { isAgent: isAgent(viewer), isLead: viewer.role === 'lead' || viewer.role === 'admin', disputes: bundle.disputes, coaching };
}

/** The call as its agent sees it: the verdicts and the reasons for a changed one, without the leads' internal notes or who did what. */
export const asSeenByAgent = (view: CallView): CallView => ({
  ...view,
  overrides: new Map([...view.overrides].map(([criterionId, override]) => [criterionId, { ...override, userEmail: null }])),
  notes: [],
  history: view.history.filter((item) => item.who === null),
});
