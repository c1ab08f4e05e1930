import { z } from 'zod';
import { ErrorBody } from '../../contract/errors.js';
import type { AdminRoute } from './admin-route.js';

type JsonSchema = Record<string, unknown>;

/** The JSON Schema of a zod schema, without its `$schema` line (OpenAPI embeds it). */
const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const json: JsonSchema = { ...z.toJSONSchema(schema, { io, unrepresentable: 'any' }) };
  delete json.$schema;
  return json;
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** Path and query parameters from the route's object schemas. */
function parameters(route: AdminRoute): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [location, schema] of [['path', route.params], ['query', route.query]] as const) {
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
 * output is JSON Schema 2020-12, which OpenAPI 3.1 uses as is).
 */
export function buildOpenApiDocument(routes: readonly AdminRoute[], publicBaseUrl: string): JsonSchema {
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
          content: { 'application/json': { schema: { type: 'object', properties: { data: toSchema(route.response, 'output') }, required: ['data'] } } },
        },
        ...(route.isPublic ? {} : { 401: errorResponse('Missing or invalid admin token') }),
        400: errorResponse('Invalid request'),
        404: errorResponse('Not found'),
      },
      ...(route.isPublic ? { security: [] } : {}),
    };
    if (route.body) operation.requestBody = { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } };
    (paths[path] ??= {})[route.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'convoqa admin API', version: '1.0.0', description: 'See and steer the convoqa hub. Bearer token: ADMIN_TOKEN.' },
    servers: [{ url: publicBaseUrl }],
    security: [{ adminToken: [] }],
    components: {
      securitySchemes: { adminToken: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: toSchema(ErrorBody, 'output'),
      },
    },
    paths,
  };
}
