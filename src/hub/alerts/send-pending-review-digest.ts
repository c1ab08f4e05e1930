import type { HubContext } from '../hub-context.js';
import { loadChannelResolver } from './channel-routing.js';
import { buildDigestMessage } from './digest-blocks.js';
import { recordDigestRun, type DigestTrigger } from './digest-runs.js';
import { findPendingReviews, type PendingReviewSection } from './find-pending-reviews.js';
import { SlackCallError } from './slack-notifier.js';

export interface DigestReport {
  /** Critical fails pending review, over every channel. */
  pending: number;
  posts: { channel: string; evaluators: number; pending: number; outcome: 'posted' | 'logged' | 'posted_before' }[];
  /** Channels that could not be posted to, with Slack's error. */
  failures: { channel: string; error: SlackCallError }[];
}

/** How long a channel's digest is remembered as posted, so a retried tick does not post it twice. */
const postedMarkerSeconds = 2 * 24 * 3600;

/**
 * The pending-review digest of one clock tick: the critical fails waiting for review, per
 * evaluator, each evaluator's section in the channel its alerts go to (one message per channel).
 * Nothing is posted when nothing is pending. Each channel posted is remembered in Redis for the
 * tick, so a retry (after a 429 on another channel, say) posts only what is missing. Each pass
 * is recorded in hub_digest_runs (digest-runs.ts) with its outcome per channel.
 */
export async function sendPendingReviewDigest(ctx: HubContext, tick: string, trigger: DigestTrigger = 'clock'): Promise<DigestReport> {
  const startedAt = ctx.now();
  const report = await postDigest(ctx, tick);
  await recordDigestRun(ctx.db, {
    tick,
    trigger,
    startedAt,
    pending: report.pending,
    posts: report.posts,
    failures: report.failures.map((f) => ({ channel: f.channel, error: `${f.error.code}: ${f.error.message}` })),
  });
  return report;
}

/**
 * The digest of a request: the tick is the current minute, so a second click within the minute
 * finds each channel already posted (`posted_before`) instead of posting it twice.
 */
export async function sendDigestNow(ctx: HubContext): Promise<DigestReport & { tick: string }> {
  const tick = `now-${ctx.now().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')}`;
  return { tick, ...(await sendPendingReviewDigest(ctx, tick, 'request')) };
}

async function postDigest(ctx: HubContext, tick: string): Promise<DigestReport> {
  const sections = await findPendingReviews(ctx.db, ctx.settings.slack.digestMaxPerEvaluator);
  const report: DigestReport = { pending: sections.reduce((n, s) => n + s.total, 0), posts: [], failures: [] };
  if (sections.length === 0) return report;

  const resolve = await loadChannelResolver(ctx.db, ctx.settings.slack);
  const byChannel = new Map<string, PendingReviewSection[]>();
  for (const section of sections) {
    const channel = resolve(section.evaluatorId) ?? (ctx.slack.kind === 'log' ? 'log' : null);
    if (!channel) {
      ctx.logger.warn({ evaluatorId: section.evaluatorId }, 'digest section has no channel (set SLACK_DEFAULT_CHANNEL)');
      continue;
    }
    byChannel.set(channel, [...(byChannel.get(channel) ?? []), section]);
  }

  for (const [channel, channelSections] of byChannel) {
    const entry = { channel, evaluators: channelSections.length, pending: channelSections.reduce((n, s) => n + s.total, 0) };
    const marker = `${ctx.jobs.prefix}:slack-digest:${tick}:${channel}`;
    if (await ctx.redis.exists(marker)) {
      report.posts.push({ ...entry, outcome: 'posted_before' });
      continue;
    }
    try {
      const posted = await ctx.slack.postMessage({
        channel,
        ...buildDigestMessage(channelSections, { publicBaseUrl: ctx.settings.publicBaseUrl }),
      });
      await ctx.redis.set(marker, posted.ts ?? 'log', 'EX', postedMarkerSeconds);
      report.posts.push({ ...entry, outcome: posted.ts === null ? 'logged' : 'posted' });
    } catch (error) {
      if (!(error instanceof SlackCallError)) throw error;
      report.failures.push({ channel, error });
    }
  }
  return report;
}
