import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { PinoPretty } from 'pino-pretty';

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

/** `json` always, `pretty` always, or `auto`: pretty when the output is a terminal, JSON otherwise (a file, a pipe, a log shipper). */
export type LogFormat = 'auto' | 'json' | 'pretty';

export function isPrettyLog(format: LogFormat, fd: 1 | 2): boolean {
  if (format === 'auto') return (fd === 1 ? process.stdout : process.stderr).isTTY === true;
  return format === 'pretty';
}

export function createLogger(options: { level: LoggerOptions['level']; name?: string; toStderr?: boolean; format?: LogFormat }): Logger {
  const settings: LoggerOptions = {
    level: options.level,
    name: options.name ?? 'convoqa',
    // Redaction happens before the line is formatted: pretty output is as redacted as JSON.
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
  };
  // Command-line tools keep stdout for their answer.
  const fd = options.toStderr ? 2 : 1;
  const destination: DestinationStream = isPrettyLog(options.format ?? 'json', fd)
    ? PinoPretty({
        destination: fd,
        colorize: (fd === 1 ? process.stdout : process.stderr).isTTY === true,
        translateTime: 'HH:MM:ss.l',
        ignore: 'pid,hostname',
        sync: true,
      })
    : // Synchronous: each line is written when logged (so a crash loses none), and exiting never
      // waits on a flush. With pino's asynchronous default, a part whose stdout reader had gone
      // (its supervisor killed) hung for ever in exit: sonic-boom 4's flushSync retries EPIPE
      // without end (test/processes/orphaned-part.test.ts).
      pino.destination({ dest: fd, sync: true });
  return pino(settings, destination);
}
