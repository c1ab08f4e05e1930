/** Slack alerts, digest and interactivity (SLACK_*). Without a bot token, alerts and digests go to the log. */
import { z } from 'zod';
import { cronExpression, httpUrl, jsonText, timeZone, wholeNumber } from '../../lib/config/env-types.js';

export const SlackSettings = z
  .object({
    /** The Slack app's bot token (`xoxb-…`). Unset (the embedded default): alerts and digests are written to the log. */
    SLACK_BOT_TOKEN: z.string().trim().min(1).optional(),
    /** Verifies the interactivity endpoint's requests (POST /slack/interactions); unset refuses them all. */
    SLACK_SIGNING_SECRET: z.string().trim().min(1).optional(),
    /** Where alerts and digests go unless an evaluator has its own channel (id or name); required with a bot token. */
    SLACK_DEFAULT_CHANNEL: z.string().trim().min(1).optional(),
    /** Per-evaluator channels, a JSON object evaluator_id → channel; routes set through the admin API win. */
    SLACK_EVALUATOR_CHANNELS: jsonText('a JSON object of evaluator_id to channel')
      .pipe(
        z.record(
          z.uuid().transform((id) => id.toLowerCase()),
          z.string().trim().min(1),
        ),
      )
      .default({}),
    /** Slack's Web API base URL (a proxy, or a fake in tests). */
    SLACK_API_URL: httpUrl().default('https://slack.com/api/'),
    /** Time-out of one Slack API call, in milliseconds (well under the lease a worker holds on an alert). */
    SLACK_TIMEOUT_MS: wholeNumber({ min: 1, max: 30_000 }).default(10_000),
    /**
     * How long a worker holds an alert it is sending: a worker that dies holding one delays that
     * alert this long. At least twice SLACK_TIMEOUT_MS, so a live worker never loses it mid-post.
     */
    SLACK_ALERT_LEASE_MS: wholeNumber({ min: 1_000 }).default(60_000),
    /** When the pending-review digest is posted (node-cron expression) and in which IANA time zone. */
    SLACK_DIGEST_CRON: cronExpression().default('0 9 * * 1-5'),
    SLACK_DIGEST_TIMEZONE: timeZone().default('UTC'),
    /** Transcriptions listed per evaluator in the digest (the rest are counted: "and N more"). */
    SLACK_DIGEST_MAX_PER_EVALUATOR: wholeNumber({ min: 1, max: 25 }).default(10),
    /**
     * A critical fail known for longer than this (the later of its evaluation's `generated_at` and
     * `completed_at`) raises no alert (a hub started on an existing account must not post its
     * history); it still shows in the digest.
     */
    SLACK_ALERT_MAX_AGE_HOURS: z.coerce.number().positive().default(168),
  })
  .superRefine((env, ctx) => {
    if (env.SLACK_BOT_TOKEN && !env.SLACK_DEFAULT_CHANNEL) {
      ctx.addIssue({ code: 'custom', path: ['SLACK_DEFAULT_CHANNEL'], message: 'required when SLACK_BOT_TOKEN is set' });
    }
    if (env.SLACK_ALERT_LEASE_MS < 2 * env.SLACK_TIMEOUT_MS) {
      ctx.addIssue({ code: 'custom', path: ['SLACK_ALERT_LEASE_MS'], message: 'must be at least twice SLACK_TIMEOUT_MS' });
    }
  })
  .transform((env) => ({
    /** Null: the log notifier (the embedded default). */
    botToken: env.SLACK_BOT_TOKEN ?? null,
    /** Null refuses every interactivity request. */
    signingSecret: env.SLACK_SIGNING_SECRET ?? null,
    defaultChannel: env.SLACK_DEFAULT_CHANNEL ?? null,
    /** evaluator_id (lower case) → channel; routes set through the admin API win. */
    evaluatorChannels: env.SLACK_EVALUATOR_CHANNELS,
    apiUrl: env.SLACK_API_URL.endsWith('/') ? env.SLACK_API_URL : `${env.SLACK_API_URL}/`,
    timeoutMs: env.SLACK_TIMEOUT_MS,
    /** How long a sending worker holds an alert (alert-outbox.ts). */
    alertLeaseMs: env.SLACK_ALERT_LEASE_MS,
    digestCron: env.SLACK_DIGEST_CRON,
    digestTimezone: env.SLACK_DIGEST_TIMEZONE,
    digestMaxPerEvaluator: env.SLACK_DIGEST_MAX_PER_EVALUATOR,
    /** A critical fail completed longer ago than this raises no alert when first mirrored. */
    alertMaxAgeMs: env.SLACK_ALERT_MAX_AGE_HOURS * 3_600_000,
  }));
export type SlackSettings = z.infer<typeof SlackSettings>;

/** The embedded default: the log notifier, no channel, no signing secret. */
export const defaultSlackSettings: SlackSettings = SlackSettings.parse({});
