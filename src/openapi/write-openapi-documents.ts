/**
 * `npm run docs:openapi`: writes docs/openapi/api.json, docs/openapi/admin.json and the markdown
 * reference docs/api-openapi.md. `-- --out <dir>` writes the two JSON documents only, into <dir>
 * (npm run lint:openapi lints them there).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildOpenApiDocuments } from './openapi-documents.js';
import { renderOpenApiMarkdown } from './render-openapi-markdown.js';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const documents = buildOpenApiDocuments();
const jsonDir = values.out ?? path.join('docs', 'openapi');
mkdirSync(jsonDir, { recursive: true });
for (const [name, document] of Object.entries(documents)) {
  writeFileSync(path.join(jsonDir, `${name}.json`), `${JSON.stringify(document, null, 2)}\n`);
}
if (values.out === undefined) writeFileSync(path.join('docs', 'api-openapi.md'), renderOpenApiMarkdown(documents.api));
