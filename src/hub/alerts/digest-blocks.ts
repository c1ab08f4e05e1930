import { consoleCallUrl, escapeMrkdwn, formatGroup, formatRecordedAt, formatScore } from './block-text.js';
import type { PendingReviewSection } from './find-pending-reviews.js';
import type { SlackBlock } from './slack-notifier.js';

/** Evaluator sections per message (two blocks each; a message holds at most 50 blocks). */
const maxSections = 20;
/** A section's text stays under Slack's 3,000 characters; lines that do not fit are counted instead. */
const maxSectionChars = 2_800;

/**
 * The pending-review digest of one channel: a header, the total, then per evaluator its count and
 * its oldest critical fails (participant linked to the console's call view, recording date, score, group),
 * oldest first, with "and N more" for the rest.
 */
export function buildDigestMessage(
  sections: PendingReviewSection[],
  options: { publicBaseUrl: string },
): { text: string; blocks: SlackBlock[] } {
  const total = sections.reduce((sum, s) => sum + s.total, 0);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const blocks: SlackBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: ':clipboard: Critical fails waiting for review', emoji: true } },
    {
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: `${plural(total, 'critical fail')} in Pending review or no group, ${plural(sections.length, 'evaluator')}; oldest first.`,
        },
      ],
    },
  ];
  for (const section of sections.slice(0, maxSections)) {
    const heading = `*${escapeMrkdwn(section.evaluatorTag ?? 'No evaluator')}*: ${section.total} pending`;
    const lines: string[] = [];
    let length = heading.length;
    for (const item of section.oldest) {
      const label = escapeMrkdwn(item.participantTag ?? item.name ?? item.transcriptionId).replaceAll('|', '¦');
      const line = `• <${consoleCallUrl(options.publicBaseUrl, item.transcriptionId)}|${label}> · ${formatRecordedAt(item.recordedAt)} · ${formatScore(item.score)} · ${formatGroup(item.group)}`;
      if (length + line.length + 1 > maxSectionChars) break;
      lines.push(line);
      length += line.length + 1;
    }
    const more = section.total - lines.length;
    if (more > 0) lines.push(`_and ${more} more_`);
    blocks.push({ type: 'divider' }, { type: 'section', text: { type: 'mrkdwn', text: [heading, ...lines].join('\n') } });
  }
  if (sections.length > maxSections) {
    const rest = sections.slice(maxSections);
    blocks.push({
      type: 'context',
      elements: [
        { type: 'mrkdwn', text: `and ${rest.reduce((n, s) => n + s.total, 0)} more in ${plural(rest.length, 'other evaluator')}` },
      ],
    });
  }
  return { text: `${plural(total, 'critical fail')} waiting for review`, blocks };
}
