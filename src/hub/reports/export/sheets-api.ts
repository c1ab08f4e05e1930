/**
 * The Sheets API client for exports: googleapis' sheets_v4 with a service account's JWT, and
 * gaxios' own retry (googleapis' transport) on 429, 5xx and unanswered requests, with exponential
 * backoff that honours Retry-After. googleapis is imported on first use only: it takes most of a
 * second to load, and deployments without Sheets never need it.
 */
import type { Logger } from 'pino';
import type { Common, sheets_v4 } from 'googleapis';
import type { SheetsExportSettings } from '../reports-settings.js';

export const sheetsScope = 'https://www.googleapis.com/auth/spreadsheets';
/** Where google-auth-library sends the JWT grant; a key's own token_uri replaces it. */
export const googleTokenUrl = 'https://oauth2.googleapis.com/token';

/** Per-request options for sheets_v4 methods (gaxios): time-out and retry. */
export type SheetsRequestOptions = Common.MethodOptions;

export interface SheetsApi {
  sheets: sheets_v4.Sheets;
  options: SheetsRequestOptions;
}

interface RetryableError {
  response?: { status?: number; headers?: Headers | Record<string, string> };
  config?: { retryConfig?: { currentRetryAttempt?: number } };
  message?: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in milliseconds (seconds or an HTTP date), when the answer has one. */
function retryAfterMs(error: RetryableError): number | null {
  const headers = error.response?.headers;
  const value = headers instanceof Headers ? headers.get('retry-after') : headers?.['retry-after'];
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** The wait before retry `attempt` (1 for the first retry): Retry-After, else base × 2^(attempt−1), capped. */
export function sheetsRetryDelay(settings: SheetsExportSettings['retry'], attempt: number, retryAfter: number | null): number {
  return Math.min(settings.maxDelayMs, retryAfter ?? settings.baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

export async function createSheetsApi(settings: SheetsExportSettings, logger: Logger): Promise<SheetsApi> {
  const { google } = await import('googleapis');
  const auth = new google.auth.JWT({
    email: settings.credentials.client_email,
    key: settings.credentials.private_key,
    scopes: [sheetsScope],
  });
  const tokenUri = settings.credentials.token_uri;
  if (tokenUri && tokenUri !== googleTokenUrl) {
    // google-auth-library posts the grant to Google's URL whatever the key says; honour the key.
    auth.transporter.interceptors.request.add({
      resolved: (config) => {
        if (config.url.href === googleTokenUrl) config.url = new URL(tokenUri);
        return Promise.resolve(config);
      },
    });
  }
  const sheets = google.sheets({
    version: 'v4',
    auth,
    rootUrl: settings.rootUrl.endsWith('/') ? settings.rootUrl : `${settings.rootUrl}/`,
  });
  const options: SheetsRequestOptions = {
    timeout: settings.timeoutMs,
    retry: true,
    retryConfig: {
      retry: settings.retry.maxRetries,
      noResponseRetries: settings.retry.maxRetries,
      // Every request of an export is safe to repeat: a batch that ran twice fails on its second
      // run (the tab exists) and the job then redoes the whole export from the spreadsheet's state.
      httpMethodsToRetry: ['GET', 'POST', 'PUT'],
      statusCodesToRetry: [
        [429, 429],
        [500, 599],
      ],
      retryBackoff: async (error: unknown) => {
        const e = error as RetryableError;
        const attempt = e.config?.retryConfig?.currentRetryAttempt ?? 1;
        const delay = sheetsRetryDelay(settings.retry, attempt, retryAfterMs(e));
        logger.warn({ status: e.response?.status ?? null, attempt, delayMs: delay, err: e.message }, 'Sheets API request failed, retrying');
        await sleep(delay);
      },
    },
  };
  return { sheets, options };
}
