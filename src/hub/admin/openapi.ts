import { z } from 'zod';
import { ErrorBody, type ErrorCode } from '../../contract/errors.js';
import { statusForCode } from '../../lib/errors/app-error.js';
import type { AdminRoute } from './admin-route.js';

type JsonSchema = Record<string, unknown>;

/** The JSON Schema of a zod schema, without its `$schema` line (OpenAPI embeds it). */
const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const json: JsonSchema = { ...z.toJSONSchema(schema, { io, unrepresentable: 'any' }) };
  delete json.$schema;
  return json;
};

/** Why each status is answered. */
const statusDescriptions: Record<number, string> = {
  400: 'Invalid request',
  401: 'Missing or invalid admin token',
  404: 'Not found',
  409: 'The resource is not in a state that allows this',
  413: 'Body over 1 MiB',
  429: "The upstream API's rate limit, monthly quota or queue limit; Retry-After when known",
  500: 'Unexpected error; the body carries the request id',
  503: 'A dependency (the upstream API, the database, Redis) is not answering; retry after Retry-After',
};

const tagDescriptions: Record<string, string> = {
  health: 'Liveness and readiness probes (no token)',
  transcriptions: "The hub's mirror of the transcriptions",
  sync: 'Mirror state and reconciliation',
  reports: 'Monthly analytics quota, report runs and on-demand pulls',
  alerts: 'Slack alerts: the outbox, retries, test messages and per-evaluator channels',
  queues: 'Background job queues and their failed jobs',
  api: "Any operation of the upstream API through the hub's client",
  accounts: 'Accounts and API keys of the built-in service (embedded default)',
  deliveries:
    'Outgoing webhooks of the built-in service per account: attempts, replay, recover, test event, secret rotation (docs/deliveries.md)',
  webhooks: 'Webhooks received by the hub: receipts with their mirror job, refused ones, re-mirror (docs/deliveries.md)',
};

/** The codes every route can answer from its declaration: token, validation, body size, 500. */
function errorCodesOf(route: AdminRoute): ErrorCode[] {
  const codes: ErrorCode[] = [...(route.errors ?? [])];
  if (!route.isPublic) codes.push('unauthorized');
  if (route.params || route.query || route.body) codes.push('invalid_value');
  if (route.body) codes.push('invalid_json', 'missing_field', 'payload_too_large');
  codes.push('internal');
  return [...new Set(codes)];
}

function errorResponses(route: AdminRoute): Record<string, JsonSchema> {
  const codes = errorCodesOf(route);
  const statuses = [...new Set(codes.map(statusForCode))].sort((a, b) => a - b);
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: `${statusDescriptions[status] ?? 'Error'}. Codes: ${codes.filter((code) => statusForCode(code) === status).join(', ')}.`,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}

/** Path and query parameters from the route's object schemas. */
function parameters(route: AdminRoute): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [location, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: location, required: location === 'path' || (json.required ?? []).includes(name), schema: property });
    }
  }
  return out;
}

/**
 * OpenAPI 3.1 for the admin API, generated from the routes' own zod schemas (zod's JSON Schema
 * output is JSON Schema 2020-12, which OpenAPI 3.1 uses as is). Every status a route can answer
 * is listed: its declared codes (AdminRoute.errors) and the pipeline's. The server is relative
 * (`/`): the document is served by the deployment it describes, whatever its address.
 */
export function buildOpenApiDocument(routes: readonly AdminRoute[]): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = `/admin${route.path.replace(/:(\w+)/g, '{$1}')}`;
    const success = route.status ?? 200;
    const operation: JsonSchema = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method}${route.path.replace(/[:/-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
      parameters: parameters(route),
      responses: {
        [success]: {
          description: route.summary,
          content: {
            'application/json': {
              schema: { type: 'object', properties: { data: toSchema(route.response, 'output') }, required: ['data'] },
            },
          },
        },
        ...errorResponses(route),
      },
      ...(route.isPublic ? { security: [] } : {}),
    };
    if (route.body) operation.requestBody = { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } };
    (paths[path] ??= {})[route.method] = operation;
  }
  const tags = [...new Set(routes.map((route) => route.tag))].map((name) => ({ name, description: tagDescriptions[name] ?? name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'convoqa admin API',
      version: '1.0.0',
      description: 'See and steer the convoqa hub. Bearer token: ADMIN_TOKEN. Reference: docs/admin-api.md.',
      license: { name: 'Proprietary (not licensed for redistribution)', identifier: 'LicenseRef-convoqa-proprietary' },
    },
    servers: [{ url: '/', description: 'The deployment that serves this document' }],
    security: [{ adminToken: [] }],
    tags,
    components: {
      securitySchemes: { adminToken: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: toSchema(ErrorBody, 'output'),
      },
    },
    paths,
  };
}
