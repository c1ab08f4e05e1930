/**
 * Checks real answers against an OpenAPI 3.1 document: the status must be one the operation
 * documents, and the body must match that answer's schema (JSON Schema 2020-12, by Ajv).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

const pointer = (segment: string) => encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'));

export interface Answer {
  status: number;
  body: unknown;
}

export class OpenApiValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  /** `METHOD path status` of every answer checked, for the coverage assertion. */
  readonly checked = new Set<string>();

  constructor(private readonly document: Json) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(document, 'openapi');
  }

  /** The documented `method path` pairs. */
  operations(): string[] {
    return Object.entries(this.document.paths as Record<string, Json>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
  }

  /** Problems with an answer to `method` on the templated `path`; empty when it matches. */
  problems(method: string, path: string, answer: Answer): string[] {
    const operation = (this.document.paths as Record<string, Record<string, Json>>)[path]?.[method.toLowerCase()];
    if (!operation) return [`${method} ${path} is not in the document`];
    const responses = operation.responses as Record<string, Json>;
    if (!responses[String(answer.status)])
      return [`${method} ${path} does not document status ${String(answer.status)} (body ${JSON.stringify(answer.body)})`];
    this.checked.add(`${method.toUpperCase()} ${path} ${String(answer.status)}`);
    const ref = `openapi#/paths/${pointer(path)}/${method.toLowerCase()}/responses/${String(answer.status)}/content/application~1json/schema`;
    const validate = this.ajv.getSchema(ref) ?? this.ajv.compile({ $ref: ref });
    if (validate(answer.body)) return [];
    return (validate.errors ?? []).map(
      (error) => `${method} ${path} ${String(answer.status)}: ${error.instancePath} ${error.message ?? ''}`,
    );
  }
}
