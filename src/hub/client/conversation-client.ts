/**
 * The typed facade over the Conversation API: one method per operation (and the two legacy
 * aliases), each checking its input against what the API description promises before sending
 * (upstream-requests.ts), and reading the answer's
 * `data` in two levels (answers/upstream-answers.ts): what the API description promises is
 * validated, what it leaves open is accepted in any reasonable shape and kept as it came.
 */
import { createHash } from 'node:crypto';
import got, { type Got } from 'got';
import type { Redis } from '../../redis.js';
import { pino, type Logger } from 'pino';
import type { OperationRequest } from '../../contract/catalog.js';
import { operationAliases, type OperationAlias, type OperationName } from '../../contract/operations.js';
import { isAppError } from '../../lib/errors/app-error.js';
import { formatPath, parseRequest } from '../../lib/http/validate-input.js';
import { upstreamAnswers, type UpstreamAnswer } from './answers/upstream-answers.js';
import type { RejectedItem } from './answers/read-items.js';
import { HttpTransport, type SendOptions } from './http-transport.js';
import { rejectedListRows, upstreamAnswerViolations } from './upstream-metrics.js';
import { MemoryPacer, RedisPacer, type Pacer } from './pacing.js';
import { UpstreamError } from './upstream-error.js';
import { upstreamRequests } from './upstream-requests.js';

export interface ConversationClientOptions {
  /** Where the operations live, e.g. `https://api.example.com` or `http://localhost:3000/api`. */
  baseUrl: string;
  /** Sent as `x-api-key`. */
  apiKey: string;
  /** Shares the pacing buckets with every process using the same Redis; without it, pacing is per process. */
  redis?: Redis;
  /** Time-out of one attempt (request sent to body read), in ms. Default 30,000. */
  timeoutMs?: number;
  logger?: Logger;
  /** Attempts per call, first one included. Default 5 (the spec's retry pattern). */
  maxAttempts?: number;
  /** First backoff delay, doubled at each retry. Default 1,000 ms; tests make it small. */
  backoffBaseMs?: number;
  /** Longest Retry-After the client waits for; a longer one is cut to this. Default 60,000 ms. */
  maxRetryAfterMs?: number;
  /** Test-only factor on every limit, matching the upstream's RATE_LIMIT_SCALE. Default 1. */
  rateLimitScale?: number;
  /**
   * How late a request may arrive upstream without tripping its limit: the client leaves that much
   * of the burst unused (at least one request; see pacingRule). Default 250 ms.
   */
  pacingMarginMs?: number;
  /** Redis key prefix of the pacing buckets. Default `convoqa:hub:pace:`. */
  pacingPrefix?: string;
  /** Replaces the pacer altogether (tests, or a caller with its own limiter). */
  pacer?: Pacer;
  /**
   * The got instance to send with: tests observe the wire by `got.extend({ hooks })` (afterResponse
   * sees every attempt's answer, beforeRequest every departure). The transport adds its own options
   * on top (no retries, no redirects). Default: got.
   */
  got?: Got;
}

export type CallOptions = SendOptions;

/** The operation an alias stands for. */
export type CanonicalOperation<O extends OperationName | OperationAlias> = O extends OperationAlias ? (typeof operationAliases)[O] : O;
export type ClientRequest<O extends OperationName | OperationAlias> = OperationRequest<CanonicalOperation<O>>;
export type ClientResponse<O extends OperationName | OperationAlias> = UpstreamAnswer<CanonicalOperation<O>>;

export const canonicalOperation = <O extends OperationName | OperationAlias>(operation: O): CanonicalOperation<O> =>
  ((operationAliases as Record<string, OperationName>)[operation] ?? operation) as CanonicalOperation<O>;

export const defaultClientSettings = {
  timeoutMs: 30_000,
  maxAttempts: 5,
  backoffBaseMs: 1_000,
  maxRetryAfterMs: 60_000,
  rateLimitScale: 1,
  pacingMarginMs: 250,
  pacingPrefix: 'convoqa:hub:pace:',
} as const;

const silentLogger = pino({ level: 'silent' });

export class ConversationClient {
  private readonly transport: HttpTransport;
  readonly baseUrl: string;
  /**
   * Names the upstream account this client calls as, for bookkeeping shared across processes
   * (the hub's quota ledger): a hash of base URL and API key, never the key itself.
   */
  readonly accountRef: string;
  private readonly logger: Logger;

  constructor(options: ConversationClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.accountRef = createHash('sha256').update(`${this.baseUrl}\n${options.apiKey}`).digest('hex').slice(0, 32);
    const logger = options.logger ?? silentLogger;
    this.logger = logger;
    const maxAttempts = options.maxAttempts ?? defaultClientSettings.maxAttempts;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new RangeError('maxAttempts must be an integer of at least 1');
    if (!options.apiKey) throw new RangeError('apiKey is required');
    this.transport = new HttpTransport({
      baseUrl: this.baseUrl,
      apiKey: options.apiKey,
      timeoutMs: options.timeoutMs ?? defaultClientSettings.timeoutMs,
      maxAttempts,
      backoffBaseMs: options.backoffBaseMs ?? defaultClientSettings.backoffBaseMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? defaultClientSettings.maxRetryAfterMs,
      rateLimitScale: options.rateLimitScale ?? defaultClientSettings.rateLimitScale,
      pacingMarginMs: options.pacingMarginMs ?? defaultClientSettings.pacingMarginMs,
      pacer:
        options.pacer ??
        (options.redis
          ? new RedisPacer(options.redis, { prefix: options.pacingPrefix ?? defaultClientSettings.pacingPrefix, logger })
          : new MemoryPacer()),
      logger,
      got: options.got ?? got,
    });
  }

  /**
   * Calls any operation by name. The input is checked first against what the API description
   * promises of the request (upstream-requests.ts; an `invalid_request` error, nothing sent), then
   * sent as given.
   */
  async call<O extends OperationName | OperationAlias>(
    operation: O,
    input?: ClientRequest<O>,
    options?: CallOptions,
  ): Promise<ClientResponse<O>> {
    const canonical = canonicalOperation(operation) as OperationName;
    if (!(canonical in upstreamRequests)) throw new RangeError(`Unknown operation: ${operation}`);
    const body = input ?? {};
    try {
      parseRequest(upstreamRequests[canonical], body);
    } catch (error) {
      if (!isAppError(error)) throw error;
      throw new UpstreamError({
        kind: 'invalid_request',
        operation,
        status: 400,
        code: error.code,
        message: error.message,
        requestId: null,
        attempts: 0,
      });
    }

    const answer = await this.transport.send(operation, canonical, JSON.stringify(body), options);
    const invalid = (message: string, issues?: { path: string; message: string }[], raw?: unknown) =>
      new UpstreamError({
        kind: 'invalid_response',
        operation,
        status: answer.status,
        code: 'invalid_response',
        message,
        requestId: answer.requestId,
        attempts: answer.attempts,
        issues,
        raw,
      });
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      throw invalid(`The answer is not JSON: ${answer.text.slice(0, 100)}`);
    }
    if (parsed === null || typeof parsed !== 'object' || !('data' in parsed)) {
      throw invalid('The answer has no "data" member');
    }
    const result = upstreamAnswers[canonical].safeParse(parsed.data);
    if (!result.success) {
      upstreamAnswerViolations.inc({ operation: canonical });
      const issues = result.error.issues.map((issue) => ({ path: `data.${formatPath(issue.path)}`, message: issue.message }));
      throw invalid(
        `The answer does not match the API description: ${issues
          .slice(0, 3)
          .map((i) => `${i.path}: ${i.message}`)
          .join('; ')}`,
        issues,
        parsed.data,
      );
    }
    const rejected = (result.data as { rejected?: RejectedItem[] }).rejected;
    if (rejected?.length) {
      rejectedListRows.inc({ operation: canonical }, rejected.length);
      this.logger.warn(
        {
          operation,
          rejected: rejected.length,
          first: { index: rejected[0]?.index, id: rejected[0]?.id, issues: rejected[0]?.issues.slice(0, 3) },
        },
        'upstream list rows that break the API description were set aside; the rest of the list is used',
      );
    }
    return result.data as ClientResponse<O>;
  }

  // ── configurations ──
  createConfiguration(input: ClientRequest<'create-configuration'>, options?: CallOptions) {
    return this.call('create-configuration', input, options);
  }
  getConfiguration(input: ClientRequest<'get-configuration'>, options?: CallOptions) {
    return this.call('get-configuration', input, options);
  }
  listConfigurations(input: ClientRequest<'list-configurations'> = {}, options?: CallOptions) {
    return this.call('list-configurations', input, options);
  }
  /** Legacy name of listConfigurations (the spec's older limits listing); same bucket, same answer. */
  getConfigurations(input: ClientRequest<'get-configurations'> = {}, options?: CallOptions) {
    return this.call('get-configurations', input, options);
  }
  updateConfiguration(input: ClientRequest<'update-configuration'>, options?: CallOptions) {
    return this.call('update-configuration', input, options);
  }
  deleteConfiguration(input: ClientRequest<'delete-configuration'>, options?: CallOptions) {
    return this.call('delete-configuration', input, options);
  }

  // ── evaluators ──
  createEvaluator(input: ClientRequest<'create-evaluator'>, options?: CallOptions) {
    return this.call('create-evaluator', input, options);
  }
  getEvaluator(input: ClientRequest<'get-evaluator'>, options?: CallOptions) {
    return this.call('get-evaluator', input, options);
  }
  listEvaluators(input: ClientRequest<'list-evaluators'> = {}, options?: CallOptions) {
    return this.call('list-evaluators', input, options);
  }
  updateEvaluator(input: ClientRequest<'update-evaluator'>, options?: CallOptions) {
    return this.call('update-evaluator', input, options);
  }
  deleteEvaluator(input: ClientRequest<'delete-evaluator'>, options?: CallOptions) {
    return this.call('delete-evaluator', input, options);
  }

  // ── participants ──
  createParticipant(input: ClientRequest<'create-participant'>, options?: CallOptions) {
    return this.call('create-participant', input, options);
  }
  getParticipant(input: ClientRequest<'get-participant'>, options?: CallOptions) {
    return this.call('get-participant', input, options);
  }
  listParticipants(input: ClientRequest<'list-participants'> = {}, options?: CallOptions) {
    return this.call('list-participants', input, options);
  }
  updateParticipant(input: ClientRequest<'update-participant'>, options?: CallOptions) {
    return this.call('update-participant', input, options);
  }
  deleteParticipant(input: ClientRequest<'delete-participant'>, options?: CallOptions) {
    return this.call('delete-participant', input, options);
  }

  // ── transcriptions ──
  submit(input: ClientRequest<'submit'>, options?: CallOptions) {
    return this.call('submit', input, options);
  }
  requestUploadUrl(input: ClientRequest<'request-upload-url'>, options?: CallOptions) {
    return this.call('request-upload-url', input, options);
  }
  listTranscriptions(input: ClientRequest<'list-transcriptions'> = {}, options?: CallOptions) {
    return this.call('list-transcriptions', input, options);
  }
  getTranscription(input: ClientRequest<'get-transcription'>, options?: CallOptions) {
    return this.call('get-transcription', input, options);
  }
  /** Legacy name of getTranscription (the spec's older limits listing); same bucket, same answer. */
  details(input: ClientRequest<'details'>, options?: CallOptions) {
    return this.call('details', input, options);
  }
  updateTranscriptionGroup(input: ClientRequest<'update-transcription-group'>, options?: CallOptions) {
    return this.call('update-transcription-group', input, options);
  }
  deleteTranscription(input: ClientRequest<'delete-transcription'>, options?: CallOptions) {
    return this.call('delete-transcription', input, options);
  }

  // ── analytics (each call costs monthly quota: never retried blindly) ──
  analytics(input: ClientRequest<'analytics'> = {}, options?: CallOptions) {
    return this.call('analytics', input, options);
  }
  analyticsEvaluator(input: ClientRequest<'analytics-evaluator'>, options?: CallOptions) {
    return this.call('analytics-evaluator', input, options);
  }
  analyticsParticipant(input: ClientRequest<'analytics-participant'>, options?: CallOptions) {
    return this.call('analytics-participant', input, options);
  }
}

/** The client as a library: `createConversationClient({ baseUrl, apiKey, redis? })`. */
export function createConversationClient(options: ConversationClientOptions): ConversationClient {
  return new ConversationClient(options);
}
