/**
 * The OpenAPI 3.1 description of the built-in API (/api), generated from the contract the service
 * validates with and the hub's client parses with (src/contract), by zod-openapi: request bodies
 * from the request schemas (as a caller sends them), answers from the response schemas, and for
 * each operation every error status it can answer (operation-errors.ts through statusForCode).
 */
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { operationContracts } from '../../contract/catalog.js';
import { ErrorBody } from '../../contract/errors.js';
import { operationNames, operationTraits, type OperationName } from '../../contract/operations.js';
import { statusForCode } from '../../lib/errors/app-error.js';
import { namedSchemas } from './named-schemas.js';
import { operationErrorCodes, pipelineErrorCodes } from './operation-errors.js';
import { operationSummaries, operationTags } from './operation-summaries.js';

/** Why each status is answered, in the words of docs/api-reference.md. */
const statusDescriptions: Record<number, string> = {
  400: 'Invalid request: malformed JSON, a missing, unknown or invalid field, or a limit of the account',
  403: 'Missing or invalid API key (x-api-key)',
  404: "An id that is not the caller's (missing, or another account's)",
  413: 'Body over the size limit (API_BODY_LIMIT_BYTES)',
  429: 'Rate limit, monthly quota or queue limit reached; Retry-After says when to retry',
  500: 'Unexpected error; the body carries the request id',
  503: 'The rate limiter cannot be reached; retry after Retry-After',
};

const tagDescriptions: Record<string, string> = {
  Configurations: 'How recordings are processed: vocabulary, summary, extraction fields, webhooks',
  Evaluators: 'Weighted criteria that transcriptions are scored against',
  Participants: 'The agents whose calls are evaluated',
  Transcriptions: 'Submitting recordings and reading their transcripts and evaluations',
  Analytics: 'Dashboards, metered by a monthly quota',
};

const retryAfter = z.string().meta({ description: 'Seconds to wait before retrying' });

function errorResponses(name: OperationName) {
  const codes = [...pipelineErrorCodes, ...operationErrorCodes[name]];
  const statuses = [...new Set(codes.map(statusForCode))].sort((a, b) => a - b);
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: `${statusDescriptions[status] ?? 'Error'}. Codes: ${codes.filter((code) => statusForCode(code) === status).join(', ')}.`,
        ...(status === 429 || status === 503 ? { headers: z.object({ 'retry-after': retryAfter }) } : {}),
        content: { 'application/json': { schema: ErrorBody } },
      },
    ]),
  );
}

function describeOperation(name: OperationName): ZodOpenApiOperationObject {
  const contract = operationContracts[name];
  const traits = operationTraits[name];
  const quota = 'monthlyQuota' in traits ? ` Monthly quota: ${String(traits.monthlyQuota)} calls.` : '';
  return {
    operationId: name,
    summary: operationSummaries[name],
    description: `Rate limit: ${String(traits.limit.perMinute)} per minute, burst ${String(traits.limit.burst)}.${quota}`,
    tags: [operationTags[name]],
    requestBody: { required: true, content: { 'application/json': { schema: contract.request } } },
    responses: {
      [String(traits.successStatus)]: {
        description: operationSummaries[name],
        content: { 'application/json': { schema: z.object({ data: contract.response }) } },
      },
      ...errorResponses(name),
    },
  };
}

/**
 * The document. Its server is relative (`/api`): the document is served at /api/openapi.json by
 * the deployment it describes, whatever that deployment's address.
 */
export function buildApiOpenApiDocument(): Record<string, unknown> {
  const paths: ZodOpenApiPathsObject = {};
  for (const name of operationNames) paths[`/${name}`] = { post: describeOperation(name) };
  const document = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'convoqa Conversation API',
      version: '1.0.0',
      description:
        "The Conversation Transcription and Evaluation API as convoqa's built-in service serves it. " +
        'Every operation is POST /<operation> with a JSON body; answers are {"data": ...} or ' +
        '{"error": {"code", "message"}}. Reference: docs/api-reference.md.',
      license: { name: 'Proprietary (not licensed for redistribution)', identifier: 'LicenseRef-convoqa-proprietary' },
    },
    servers: [{ url: '/api', description: 'The deployment that serves this document' }],
    security: [{ apiKey: [] }],
    tags: [...new Set(Object.values(operationTags))].map((tag) => ({ name: tag, description: tagDescriptions[tag] ?? tag })),
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: namedSchemas,
    },
    paths,
  });
  return document as unknown as Record<string, unknown>;
}
