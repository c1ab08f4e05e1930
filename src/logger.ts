import { pino, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/**
 * Paths never written to the log. API keys, signing secrets and tokens are redacted wherever
 * they appear in a logged object (request headers included).
 */
export const redactedPaths = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-slack-signature"]',
  'req.headers["webhook-signature"]',
  'apiKey',
  '*.apiKey',
  'key',
  '*.key',
  'secret',
  '*.secret',
  'webhookSecret',
  '*.webhookSecret',
  'previousWebhookSecret',
  '*.previousWebhookSecret',
  'token',
  '*.token',
  'password',
  '*.password',
];

export function createLogger(options: { level: LoggerOptions['level']; name?: string; toStderr?: boolean }): Logger {
  const settings: LoggerOptions = {
    level: options.level,
    name: options.name ?? 'convoqa',
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
  };
  // Command-line tools keep stdout for their answer.
  return options.toStderr ? pino(settings, pino.destination(2)) : pino(settings);
}
