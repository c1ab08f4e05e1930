import { z } from 'zod';
import { reviewActionIds } from './alert-blocks.js';

/** What a Slack button does to the transcription's group upstream. */
export const reviewActionGroups = {
  [reviewActionIds.start]: 'UNDER_REVIEW',
  [reviewActionIds.archive]: 'ARCHIVED',
} as const;

/** The members of Slack's block_actions payload the hub reads (the rest is kept, unread). */
export const BlockActionsPayload = z.looseObject({
  type: z.literal('block_actions'),
  user: z.looseObject({ id: z.string().min(1) }),
  actions: z.array(z.looseObject({ action_id: z.string(), value: z.string().optional() })),
  container: z.looseObject({ channel_id: z.string().optional(), message_ts: z.string().optional() }).optional(),
  channel: z.looseObject({ id: z.string() }).optional(),
  message: z.looseObject({ ts: z.string() }).optional(),
});
export type BlockActionsPayload = z.infer<typeof BlockActionsPayload>;

export interface ReviewAction {
  transcriptionId: string;
  group: 'UNDER_REVIEW' | 'ARCHIVED';
  /** Who pressed the button (a Slack user id). */
  userId: string;
  /** The alert message to update afterwards, when the payload names it. */
  channel: string | null;
  messageTs: string | null;
}

const Uuid = z.uuid();

/** The review actions a payload asks for (buttons other than the hub's are ignored). */
export function readReviewActions(payload: BlockActionsPayload): ReviewAction[] {
  const channel = payload.container?.channel_id ?? payload.channel?.id ?? null;
  const messageTs = payload.container?.message_ts ?? payload.message?.ts ?? null;
  return payload.actions.flatMap((action) => {
    const group = reviewActionGroups[action.action_id as keyof typeof reviewActionGroups] as ReviewAction['group'] | undefined;
    if (!group || !Uuid.safeParse(action.value).success) return [];
    return [{ transcriptionId: (action.value as string).toLowerCase(), group, userId: payload.user.id, channel, messageTs }];
  });
}
