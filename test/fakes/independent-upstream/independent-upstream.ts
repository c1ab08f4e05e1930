/**
 * A second, independent deployment of the Conversation API for tests: a real HTTP server on
 * 127.0.0.1 with in-memory state, written from the vendor's description alone (not from
 * convoqa's contract or service), so the hub can be run against an upstream that is not its twin.
 * It checks what the vendor promises (POST only, the exact `x-api-key` header, a JSON body),
 * answers `{data: …}` with members the vendor never mentions, and errors as `{message, status}`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeHttpError, operations } from './operations.js';
import { finish, outcomeOfUrl, type Outcome } from './outcomes.js';
import { UpstreamState, type TranscriptionRecord } from './state.js';
import { sendWebhooks, type SentWebhook, type WebhookStyle } from './webhook-sender.js';
import { errorWire, fullTranscriptionWire, listTranscriptionWire } from './wire.js';

export type AnalyticsOperation = 'analytics' | 'analytics-evaluator' | 'analytics-participant';

/** A list-transcriptions row the fake adds to the list (the record itself is untouched). */
export type MalformedRow = 'numeric-created-at' | 'missing-transcription-id' | 'non-uuid-id' | 'weird-status';

export interface IndependentUpstreamOptions {
  /** The one key it accepts (default a random one). */
  apiKey?: string;
  /** How long a submission stays IN_PROGRESS, in ms. Default 50. */
  processingDelayMs?: number;
  /** How webhooks are sent (default: `{data: {transcription_id}}`, unsigned). */
  webhooks?: WebhookStyle;
  /** The outcome of a submission; default by the recording URL's file name (outcomes.ts). */
  outcomeFor?: (submission: { url: string; name: string | null }) => Outcome | undefined;
  /** get-participant answers `data.participant` (nested, default) or the participant as `data` (flat). */
  getParticipantShape?: 'nested' | 'flat';
  now?: () => Date;
}

export interface IndependentUpstream {
  /** The base URL a client is given (operations at `<baseUrl>/<operation>`). */
  baseUrl: string;
  apiKey: string;
  state: UpstreamState;
  /** Analytics calls answered (429s not counted: a refused call spends no quota), per endpoint. */
  analyticsCalls: Record<AnalyticsOperation, number>;
  /** Every request that reached it: operation (path without the slash), HTTP status answered. */
  requests: { operation: string; status: number }[];
  /** Every webhook sent, with the receiver's answer. */
  webhooksSent: SentWebhook[];
  /** Answers 429 to the next `count` calls of an operation, with `Retry-After: <seconds>` unless null. */
  rateLimitNext(operation: string, count: number, retryAfterSeconds?: number | null): void;
  /** Holds every answer of an operation this long (0 stops it). */
  slowDown(operation: string, delayMs: number): void;
  /** Adds a malformed row to every list-transcriptions answer until cleared. */
  injectMalformedRow(kind: MalformedRow | null): void;
  /** Sends a transcription's webhook again (a new webhook-id), as an upstream announcing a later change to it would. */
  redeliverWebhook(transcriptionId: string): Promise<SentWebhook[]>;
  /** Resolves once `count` webhooks have been sent and answered. */
  waitForWebhooks(count: number, timeoutMs?: number): Promise<SentWebhook[]>;
  /** Resolves once no submission is still IN_PROGRESS and every webhook has been sent. */
  settled(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`independent upstream: timed out waiting for ${what}`);
    await sleep(10);
  }
}

function malformedRow(kind: MalformedRow, sample: TranscriptionRecord | undefined): Record<string, unknown> {
  const base = sample
    ? listTranscriptionWire(sample)
    : {
        transcription_id: crypto.randomUUID(),
        status: 'COMPLETED',
        configuration_id: crypto.randomUUID(),
        configuration_tag: 'x',
        duration: 1,
        group: null,
        name: null,
        created_at: new Date().toISOString(),
        qa: null,
      };
  const row: Record<string, unknown> = { ...base, transcription_id: crypto.randomUUID() };
  if (kind === 'numeric-created-at') row.created_at = 12;
  if (kind === 'missing-transcription-id') delete row.transcription_id;
  // A UUID, but as a URN rather than in the bare 8-4-4-4-12 form.
  if (kind === 'non-uuid-id') row.transcription_id = `urn:uuid:${crypto.randomUUID()}`;
  if (kind === 'weird-status') row.status = 'WEIRD';
  return row;
}

export async function startIndependentUpstream(options: IndependentUpstreamOptions = {}): Promise<IndependentUpstream> {
  const apiKey = options.apiKey ?? `ind_${randomBytes(16).toString('hex')}`;
  const now = options.now ?? (() => new Date());
  const state = new UpstreamState(now);
  const webhookStyle: WebhookStyle = options.webhooks ?? { body: 'nested-transcription-id' };
  const analyticsCalls: Record<AnalyticsOperation, number> = { analytics: 0, 'analytics-evaluator': 0, 'analytics-participant': 0 };
  const requests: IndependentUpstream['requests'] = [];
  const webhooksSent: SentWebhook[] = [];
  const limited = new Map<string, { count: number; retryAfterSeconds: number | null }>();
  const delays = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const deliveries = new Set<Promise<void>>();
  let malformed: MalformedRow | null = null;
  let ordinal = 0;

  const startProcessing = (t: TranscriptionRecord) => {
    const position = ++ordinal;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const configuration = state.configurations.get(t.configuration_id);
      if (!configuration || !state.transcriptions.has(t.transcription_id)) return;
      const evaluator = t.evaluator_id ? (state.evaluators.get(t.evaluator_id) ?? null) : null;
      const outcome = options.outcomeFor?.({ url: t.url, name: t.name }) ?? outcomeOfUrl(t.url, evaluator);
      finish(t, outcome, { configuration, evaluator, at: now().toISOString(), ordinal: position });
      if (!configuration.webhooks) return;
      const delivery = sendWebhooks(webhookStyle, t, configuration.webhooks, () => fullTranscriptionWire(t), now).then((sent) => {
        webhooksSent.push(...sent);
      });
      deliveries.add(delivery);
      void delivery.finally(() => deliveries.delete(delivery));
    }, options.processingDelayMs ?? 50);
    timers.add(timer);
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, rawBody: string) => {
    const operation = (req.url ?? '/').split('?')[0].replace(/^\/+/, '');
    const answer = (status: number, body: unknown, headers?: Record<string, string>) => {
      requests.push({ operation, status });
      send(res, status, body, headers);
    };
    const handler = Object.hasOwn(operations, operation) ? operations[operation] : undefined;
    if (req.method !== 'POST' || !handler) return answer(404, errorWire(404, 'Not Found'));
    if (req.headers['x-api-key'] !== apiKey) return answer(403, errorWire(403, 'Forbidden'));
    const delayMs = delays.get(operation) ?? 0;
    if (delayMs > 0) await sleep(delayMs);
    const limit = limited.get(operation);
    if (limit && limit.count > 0) {
      limit.count -= 1;
      return answer(
        429,
        errorWire(429, 'Too Many Requests'),
        limit.retryAfterSeconds === null ? {} : { 'retry-after': String(limit.retryAfterSeconds) },
      );
    }
    let body: unknown;
    try {
      body = rawBody.trim() === '' ? {} : JSON.parse(rawBody);
    } catch {
      return answer(400, errorWire(400, 'Invalid JSON format'));
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return answer(400, errorWire(400, 'Invalid JSON format'));
    if (operation in analyticsCalls) analyticsCalls[operation as AnalyticsOperation] += 1;
    try {
      const result = handler(body as Record<string, unknown>, {
        state,
        getParticipantShape: options.getParticipantShape ?? 'nested',
        startProcessing,
      });
      if (operation === 'list-transcriptions' && malformed) {
        const data = result.data as { transcriptions: unknown[] };
        data.transcriptions.push(malformedRow(malformed, state.transcriptions.values().next().value));
      }
      // An unknown member on every answer's data too, not only on the resources inside it.
      const data =
        typeof result.data === 'object' && result.data !== null ? { ...result.data, x_served_by: 'independent-upstream' } : result.data;
      return answer(result.status, { data });
    } catch (error) {
      if (error instanceof FakeHttpError) return answer(error.status, errorWire(error.status, error.message));
      return answer(500, errorWire(500, 'Internal error'));
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => void handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    apiKey,
    state,
    analyticsCalls,
    requests,
    webhooksSent,
    rateLimitNext: (operation, count, retryAfterSeconds = 1) => void limited.set(operation, { count, retryAfterSeconds }),
    slowDown: (operation, delayMs) => void delays.set(operation, delayMs),
    injectMalformedRow: (kind) => void (malformed = kind),
    async redeliverWebhook(transcriptionId) {
      const t = state.transcriptions.get(transcriptionId);
      const webhooks = t ? state.configurations.get(t.configuration_id)?.webhooks : undefined;
      if (!t || !webhooks) throw new Error(`independent upstream: no webhooks for ${transcriptionId}`);
      const sent = await sendWebhooks(webhookStyle, t, webhooks, () => fullTranscriptionWire(t), now);
      webhooksSent.push(...sent);
      return sent;
    },
    async waitForWebhooks(count, timeoutMs = 10_000) {
      await waitUntil(() => webhooksSent.length >= count, timeoutMs, `${count} webhooks (${webhooksSent.length} sent)`);
      return webhooksSent.slice(0, count);
    },
    async settled(timeoutMs = 10_000) {
      await waitUntil(() => timers.size === 0 && deliveries.size === 0, timeoutMs, 'processing and webhooks to finish');
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...deliveries]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
