import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operationNames } from '../../src/contract/operations.js';
import { buildOpenApiDocuments } from '../../src/openapi/openapi-documents.js';
import { renderOpenApiMarkdown } from '../../src/openapi/render-openapi-markdown.js';

const committed = (file: string) => readFileSync(new URL(`../../docs/${file}`, import.meta.url), 'utf8');

describe('the committed OpenAPI documents', () => {
  const documents = buildOpenApiDocuments();

  it('are current (npm run docs:openapi rewrites them)', () => {
    expect(JSON.parse(committed('openapi/api.json'))).toEqual(documents.api);
    expect(JSON.parse(committed('openapi/admin.json'))).toEqual(documents.admin);
    expect(committed('api-openapi.md')).toBe(renderOpenApiMarkdown(documents.api));
  });

  it('describe every operation of /api with its success and error statuses', () => {
    const paths = documents.api.paths as Record<string, { post: { responses: Record<string, unknown> } }>;
    expect(Object.keys(paths).sort()).toEqual(operationNames.map((name) => `/${name}`).sort());
    expect(Object.keys(paths['/submit']?.post.responses ?? {})).toEqual(['201', '400', '403', '404', '413', '429', '500', '503']);
    expect(Object.keys(paths['/list-participants']?.post.responses ?? {})).toEqual(['200', '400', '403', '413', '429', '500', '503']);
  });
});
