import { consoleCallUrl, escapeMrkdwn, formatDuration, formatGroup, formatRecordedAt, formatScore, truncate } from './block-text.js';
import type { CriticalFailView } from './critical-fail-view.js';
import type { SlackBlock, SlackMessageMetadata } from './slack-notifier.js';

/** The alert's buttons (interactivity-router.ts reads their action ids; the value is the transcription id). */
export const reviewActionIds = { start: 'review_start', archive: 'review_archive' } as const;

/** The metadata event type that marks the hub's alert messages (send-alert.ts looks for it). */
export const alertMarkerEventType = 'convoqa_alert';

/** Failed strict criteria shown in full; more are counted (a message holds at most 50 blocks). */
const maxCriteriaShown = 10;

export interface ReviewNote {
  /** Slack user id of who pressed the button. */
  userId: string;
  group: string;
}

/**
 * The critical-fail alert: score, evaluator and participant, duration, recording date, group, each
 * failed strict criterion with its reasoning and quote, a link to the call in the console, and "Start review" / "Archive" buttons while they still apply. The same builder makes the
 * message again after a review action (with `reviewNote`), from the mirror's current state.
 */
export function buildCriticalFailMessage(
  view: CriticalFailView,
  options: { publicBaseUrl: string; reviewNote?: ReviewNote },
): { text: string; blocks: SlackBlock[] } {
  const link = consoleCallUrl(options.publicBaseUrl, view.transcriptionId);
  const participant = view.participantTag ?? 'Unknown participant';
  const evaluator = view.evaluatorTag ?? 'Unknown evaluator';
  const blocks: SlackBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: truncate(`:rotating_light: Critical fail: ${participant}`, 150), emoji: true } },
    {
      type: 'section',
      fields: [
        ['Score', formatScore(view.score)],
        ['Evaluator', evaluator],
        ['Participant', participant],
        ['Duration', view.duration === null ? 'unknown' : formatDuration(view.duration)],
        ['Recorded', formatRecordedAt(view.recordedAt)],
        ['Group', formatGroup(view.group)],
      ].map(([label, value]) => ({ type: 'mrkdwn', text: truncate(`*${label}*\n${escapeMrkdwn(value ?? '')}`, 2000) })),
    },
    { type: 'divider' },
  ];
  for (const criterion of view.failedStrict.slice(0, maxCriteriaShown)) {
    const quote = criterion.quote.trim()
      ? `\n${criterion.quote
          .split('\n')
          .map((line) => `>${escapeMrkdwn(line)}`)
          .join('\n')}`
      : '';
    blocks.push({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: truncate(`:x: *${escapeMrkdwn(criterion.name)}* (strict, FAIL)\n${escapeMrkdwn(criterion.reasoning)}${quote}`, 3000),
      },
    });
  }
  if (view.failedStrict.length > maxCriteriaShown) {
    blocks.push({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: `and ${view.failedStrict.length - maxCriteriaShown} more failed strict criteria` }],
    });
  }
  if (view.failedStrict.length === 0) {
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: 'The evaluation is a critical fail; its breakdown names no failed strict criterion.' },
    });
  }
  const context = [`Transcription \`${view.transcriptionId}\``, `configuration ${escapeMrkdwn(view.configurationTag ?? 'unknown')}`];
  if (view.name) context.push(`"${escapeMrkdwn(view.name)}"`);
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: truncate(context.join(' · '), 3000) }] });
  if (options.reviewNote) {
    blocks.push({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: `${formatGroup(options.reviewNote.group)} by <@${options.reviewNote.userId}> from Slack` }],
    });
  }
  if (view.isDeleted)
    blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: 'This transcription has since been deleted upstream.' }] });
  blocks.push({ type: 'actions', block_id: `review-${view.transcriptionId}`, elements: actionButtons(view, link) });
  return {
    text: `Critical fail: ${participant} (${evaluator}), score ${formatScore(view.score)}. ${link}`,
    blocks,
  };
}

function actionButtons(view: CriticalFailView, link: string): SlackBlock[] {
  const buttons: SlackBlock[] = [{ type: 'button', action_id: 'open_console', text: { type: 'plain_text', text: 'Open' }, url: link }];
  if (view.isDeleted) return buttons;
  if (view.group === null || view.group === 'PENDING_REVIEW') {
    buttons.push({
      type: 'button',
      action_id: reviewActionIds.start,
      style: 'primary',
      text: { type: 'plain_text', text: 'Start review' },
      value: view.transcriptionId,
    });
  }
  if (view.group !== 'ARCHIVED') {
    buttons.push({
      type: 'button',
      action_id: reviewActionIds.archive,
      text: { type: 'plain_text', text: 'Archive' },
      value: view.transcriptionId,
    });
  }
  return buttons;
}

/** The marker chat.postMessage attaches, so a post whose answer was lost can be found again. */
export const alertMarker = (alertId: string, transcriptionId: string): SlackMessageMetadata => ({
  event_type: alertMarkerEventType,
  event_payload: { alert_id: alertId, transcription_id: transcriptionId },
});
