import type { Logger } from 'pino';
import type { SlackNotifier } from './slack-notifier.js';

/**
 * The embedded default (no SLACK_BOT_TOKEN): every message is written to the log, structured
 * (channel, text and blocks), so the whole alert flow runs and can be read without Slack.
 */
export function createLogNotifier(logger: Logger): SlackNotifier {
  const log = logger.child({ component: 'slack-log' });
  return {
    kind: 'log',
    postMessage(message) {
      log.info({ slack: { method: 'chat.postMessage', ...message } }, `slack (log only, no SLACK_BOT_TOKEN): ${message.text}`);
      return Promise.resolve({ channel: message.channel, ts: null });
    },
    updateMessage(message) {
      log.info({ slack: { method: 'chat.update', ...message } }, `slack (log only, no SLACK_BOT_TOKEN): ${message.text}`);
      return Promise.resolve();
    },
    findMessage: () => Promise.resolve(null),
  };
}
