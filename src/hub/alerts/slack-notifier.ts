/**
 * What the hub needs from Slack, behind one interface: the Web API (slack-web-notifier.ts) when a
 * bot token is configured, the log (log-notifier.ts) otherwise. Chosen at wiring time.
 */

/** A Block Kit block: an object with a `type` (the builders in alert-blocks.ts make them). */
export type SlackBlock = { type: string } & Record<string, unknown>;

/** Slack message metadata: how an alert is found again in its channel (see send-alert.ts). */
export interface SlackMessageMetadata {
  event_type: string;
  event_payload: Record<string, string>;
}

export interface SlackMessage {
  /** Channel id or name. */
  channel: string;
  /** The notification and accessibility text; the blocks are what Slack shows. */
  text: string;
  blocks: SlackBlock[];
  metadata?: SlackMessageMetadata;
}

export interface PostedMessage {
  /** Slack's channel id (chat.update needs it), or the routed channel for the log. */
  channel: string;
  /** The message's timestamp (its id in the channel); null when only logged. */
  ts: string | null;
}

export interface SlackNotifier {
  /** `slack`: posts through the Web API; `log`: writes messages to the log (no credentials). */
  readonly kind: 'slack' | 'log';
  postMessage(message: SlackMessage): Promise<PostedMessage>;
  updateMessage(message: SlackMessage & { ts: string }): Promise<void>;
  /**
   * The message of `channel` since `since` whose metadata carries `eventType` and `payload`'s
   * values, or null (conversations.history with include_all_metadata). The log answers null.
   */
  findMessage(
    channel: string,
    since: Date,
    eventType: string,
    payload: Record<string, string>,
  ): Promise<{ ts: string; channel: string } | null>;
}

/**
 * How a Slack call failed, as far as a retry is concerned:
 * - `rate_limited`: 429; nothing was done, so the same call may be repeated after `retryAfterMs`;
 * - `not_delivered`: the request never reached Slack (connection refused, unknown host);
 * - `uncertain`: Slack may have acted (time-out, dropped connection, 5xx, internal_error), so a
 *   post must not simply be repeated;
 * - `permanent`: Slack refused it (channel_not_found, invalid_auth, invalid_blocks, …) and will
 *   refuse it again until someone changes something.
 */
export type SlackFailureKind = 'rate_limited' | 'not_delivered' | 'uncertain' | 'permanent';

export class SlackCallError extends Error {
  override name = 'SlackCallError';

  constructor(
    readonly kind: SlackFailureKind,
    /** Slack's error code (`channel_not_found`), `http_<status>`, `rate_limited` or the network error's code. */
    readonly code: string,
    message: string,
    readonly retryAfterMs: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isSlackCallError = (error: unknown, kind?: SlackFailureKind): error is SlackCallError =>
  error instanceof SlackCallError && (kind === undefined || error.kind === kind);
