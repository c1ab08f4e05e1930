/** How the CLI reports a failure: one line on stderr (the request id on a second when there is one), exit status 1. */
import { CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { UpstreamError } from '../hub/client/upstream-error.js';
import { isQuotaRefused } from '../hub/reports/quota/pull-analytics.js';
import { AppError } from '../lib/errors/app-error.js';
import { causeChain } from '../lib/errors/cause-chain.js';

/** A user-facing failure whose message is already the whole story. */
export class CliError extends Error {
  override name = 'CliError';
}

const networkCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'EAI_AGAIN']);

/** The lines to print for an error (without the `error: ` prefix on the first). */
export function describeCliError(error: unknown): string[] {
  // The quota ledger's refusal: nothing was sent, so there is no request id to show.
  if (isQuotaRefused(error)) return [`quota_exceeded (not sent) from ${error.endpoint}: ${error.message}`];
  if (error instanceof CliError || error instanceof AppError) return [error.message];
  // A bad environment variable names each variable on its own line; keep them on one.
  if (error instanceof ConfigError) return [error.message.replace(/:?\n\s*/g, (m) => (m.startsWith(':') ? ': ' : '; '))];
  if (error instanceof UpstreamError) {
    const status = error.attempts === 0 ? 'not sent' : error.status === null ? 'no answer' : `HTTP ${error.status}`;
    const issues = error.issues.slice(0, 10).map((issue) => `${issue.path}: ${issue.message}`);
    const first = `${error.code} (${status}) from ${error.operation}: ${error.message}${issues.length ? ` (${issues.join('; ')})` : ''}`;
    return error.requestId ? [first, `request id: ${error.requestId}`] : [first];
  }
  for (const cause of causeChain(error)) {
    const code = (cause as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && networkCodes.has(code)) {
      const address = (cause as { address?: string; port?: number }).address;
      const port = (cause as { port?: number }).port;
      return [
        `a service did not answer (${code}${address ? ` at ${address}${port ? `:${port}` : ''}` : ''}): check that PostgreSQL and Redis run, and DATABASE_URL / REDIS_URL`,
      ];
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  // Library errors (Prisma's above all) carry a multi-line report: its last line is the reason.
  const lines = message
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const reason = lines.length > 1 ? (lines.at(-1) ?? message) : (lines[0] ?? 'unknown error');
  return [`${reason} (run with LOG_LEVEL=debug for the details)`];
}

export function exitCodeOf(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 1;
  return 1;
}
