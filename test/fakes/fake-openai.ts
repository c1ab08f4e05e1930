/**
 * A small OpenAI-compatible API for engine tests. It checks what the real one checks (a bearer
 * key, a multipart upload with a file and a model for /audio/transcriptions, a JSON body with
 * model, messages and a strict json_schema response_format for /chat/completions) and answers
 * canned results, or scripted failures (status codes, Retry-After, hanging).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOpenAiRequest {
  path: string;
  authorization: string | undefined;
  json?: Record<string, unknown>;
  form?: Record<string, string>;
  fileBytes?: number;
}

export type Scripted = { status: number; retryAfter?: string } | 'hang';

export interface FakeOpenAi {
  baseUrl: string;
  apiKey: string;
  requests: FakeOpenAiRequest[];
  /** Answers for the next requests to a path, before the canned success. */
  script(path: string, answers: Scripted[]): void;
  close(): Promise<void>;
}

const segments = [
  { start: 0, end: 3.2, text: 'Thank you for calling Acme, my name is Dana.', speaker: 'agent_1' },
  { start: 3.5, end: 6.1, text: 'Hi, my order 4572 has not arrived.', speaker: 'customer_7' },
  { start: 6.4, end: 9.9, text: 'I am sorry about that, it ships tomorrow. Anything else? Goodbye.', speaker: 'agent_1' },
];

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** The canned structured answer for a chat request, built from the schema it asks for. */
function chatContent(json: Record<string, unknown>): string {
  const format = json.response_format as { json_schema: { name: string; schema: { properties: Record<string, unknown> } } };
  const { name, schema } = format.json_schema;
  if (name === 'summary') return JSON.stringify({ text: 'The customer reported a late order; it ships tomorrow.' });
  if (name === 'fields') {
    const values: Record<string, unknown> = { order_number: 4572, product: null };
    return JSON.stringify(Object.fromEntries(Object.keys(schema.properties).map((k) => [k, values[k] ?? null])));
  }
  const rubric = String((json.messages as { content: string }[])[0]?.content ?? '');
  const ids = [...rubric.matchAll(/- id (\S+) \((\w+)/g)].map((m) => ({ id: m[1], type: m[2] }));
  return JSON.stringify({
    results: ids.map(({ id, type }) => ({
      criterion_id: id,
      score_raw_ai: type === 'scale' ? 4 : type === 'strict' ? 0 : 1,
      status: type === 'strict' ? 'FAIL' : 'PASS',
      reasoning: `judged ${type}`,
      quote: 'Thank you for calling Acme',
      feedback: type === 'strict' ? 'Do not do that.' : null,
    })),
  });
}

export async function startFakeOpenAi(apiKey = 'sk-test-fake'): Promise<FakeOpenAi> {
  const requests: FakeOpenAiRequest[] = [];
  const scripts = new Map<string, Scripted[]>();
  const server = createServer((req, res) => {
    void (async () => {
      const path = req.url ?? '/';
      const body = await readBody(req);
      const record: FakeOpenAiRequest = { path, authorization: req.headers.authorization };
      requests.push(record);
      const next = scripts.get(path)?.shift();
      if (next === 'hang') return; // never answers
      if (next)
        return send(res, next.status, { error: { message: 'scripted' } }, next.retryAfter ? { 'retry-after': next.retryAfter } : {});
      if (req.headers.authorization !== `Bearer ${apiKey}`) return send(res, 401, { error: { message: 'Incorrect API key provided' } });
      if (path === '/audio/transcriptions') {
        const form = await new Response(body, { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
        const file = form.get('file');
        record.form = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string') as [string, string][]);
        record.fileBytes = file instanceof Blob ? file.size : 0;
        if (!(file instanceof Blob) || file.size === 0 || !form.get('model'))
          return send(res, 400, { error: { message: 'file and model are required' } });
        const diarized = form.get('response_format') === 'diarized_json';
        return send(res, 200, {
          language: 'english',
          duration: 9.9,
          text: segments.map((s) => s.text).join(' '),
          segments: segments.map((s) => (diarized ? s : { start: s.start, end: s.end, text: s.text })),
        });
      }
      if (path === '/chat/completions') {
        const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        record.json = json;
        const format = json.response_format as { type?: string; json_schema?: { strict?: boolean; schema?: unknown } } | undefined;
        if (
          !json.model ||
          !Array.isArray(json.messages) ||
          format?.type !== 'json_schema' ||
          !format.json_schema?.strict ||
          !format.json_schema.schema
        ) {
          return send(res, 400, { error: { message: 'model, messages and a strict json_schema response_format are required' } });
        }
        return send(res, 200, { id: 'chatcmpl-1', choices: [{ index: 0, message: { role: 'assistant', content: chatContent(json) } }] });
      }
      return send(res, 404, { error: { message: `unknown path ${path}` } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    requests,
    script: (path, answers) => scripts.set(path, [...answers]),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
