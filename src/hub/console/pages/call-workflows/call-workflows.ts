import type { Db } from '../../../../db.js';
import type { HubDispute } from '../../../../generated/prisma/client.js';
import { isAgent, type Viewer } from '../../../review/agent-scope.js';
import { listCoachingNotes, type CoachingNoteRow } from '../../../review/coaching/coaching-notes.js';
import type { CallView } from '../../../review/load-call.js';

/** What the call view shows of disputes and coaching (docs/console.md "Disputes", "Coaching"). */
export interface CallWorkflows {
  isAgent: boolean;
  isLead: boolean;
  disputes: HubDispute[];
  coaching: CoachingNoteRow[];
}

/** The call's disputes (newest first) and coaching notes, as this viewer may see them (the route has checked the call is theirs). */
export async function loadCallWorkflows(db: Db, transcriptionId: string, viewer: Viewer): Promise<CallWorkflows> {
  const [disputes, coaching] = await Promise.all([
    db.hubDispute.findMany({ where: { transcriptionId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
    listCoachingNotes(db, { transcriptionId, viewer }),
  ]);
  return { isAgent: isAgent(viewer), isLead: viewer.role === 'lead' || viewer.role === 'admin', disputes, coaching };
}

/** The call as its agent sees it: the verdicts and the reasons for a changed one, without the leads' internal notes or who did what. */
export const asSeenByAgent = (view: CallView): CallView => ({
  ...view,
  overrides: new Map([...view.overrides].map(([criterionId, override]) => [criterionId, { ...override, userEmail: null }])),
  notes: [],
  history: view.history.filter((item) => item.who === null),
});
