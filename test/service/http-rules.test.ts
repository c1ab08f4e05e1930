import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, deactivateApiKey, deleteApiKey } from '../../src/service/accounts/api-keys.js';
import { createApiSurface } from '../../src/service/http/api-surface.js';
import { serviceOperations } from '../../src/service/operations.js';
import { defineOperation } from '../../src/service/http/operation.js';
import { createHarness, errorBody, type Harness, type TestAccount } from '../support/harness.js';
import { sendRaw, type RawRequest } from '../support/raw-http.js';

let h: Harness;
let account: TestAccount;

beforeAll(async () => {
  h = createHarness({ apiBodyLimitBytes: 4096 });
  account = await h.createAccount();
});
afterAll(() => h.close());

describe('authentication (403)', () => {
  it('refuses a request without x-api-key', async () => {
    const res = await request(h.app).post('/api/list-participants').send({});
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody('forbidden', 'Missing API key: send it in the x-api-key header'));
  });

  it('refuses a wrong key', async () => {
    const res = await request(h.app).post('/api/list-participants').set('x-api-key', 'cq_not-a-real-key').send({});
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody('forbidden', 'Invalid API key'));
  });

  it('refuses the key in an Authorization header, even a valid key', async () => {
    for (const value of [`Bearer ${account.key}`, account.key]) {
      const res = await request(h.app).post('/api/list-participants').set('authorization', value).send({});
      expect(res.status).toBe(403);
      expect(res.body).toEqual(errorBody('forbidden', 'The Authorization header is not accepted: send the API key in x-api-key'));
    }
  });

  it('refuses a deactivated key and a deleted key; other keys of the account keep working', async () => {
    const deactivated = await createApiKey(h.db, account.id, 'to deactivate');
    const deleted = await createApiKey(h.db, account.id, 'to delete');
    for (const key of [deactivated.key, deleted.key]) {
      expect((await request(h.app).post('/api/list-participants').set('x-api-key', key).send({})).status).toBe(200);
    }
    await deactivateApiKey(h.db, deactivated.apiKey.id);
    await deleteApiKey(h.db, deleted.apiKey.id);
    for (const key of [deactivated.key, deleted.key]) {
      const res = await request(h.app).post('/api/list-participants').set('x-api-key', key).send({});
      expect(res.status).toBe(403);
      expect(res.body).toEqual(errorBody('forbidden', 'Invalid API key'));
    }
    expect((await account.call('list-participants')).status).toBe(200);
  });

  it('stores keys only as a SHA-256 hash', async () => {
    const rows = await h.db.apiKey.findMany({ where: { accountId: account.id } });
    for (const row of rows) {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(account.key);
    }
  });
});

describe('paths and methods (404)', () => {
  it('answers 404 for an unknown operation', async () => {
    const res = await account.call('make-coffee');
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody('not_found', 'Unknown operation: /make-coffee'));
  });

  it('answers 404 for GET on an operation', async () => {
    const res = await request(h.app).get('/api/list-participants').set('x-api-key', account.key);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody('not_found', 'GET is not supported: every operation is POST'));
  });

  it('answers 404 outside /api', async () => {
    const res = await request(h.app).post('/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('request bodies (400)', () => {
  it('answers "Invalid JSON format" for a body that is not JSON', async () => {
    const res = await request(h.app)
      .post('/api/create-participant')
      .set('x-api-key', account.key)
      .set('content-type', 'application/json')
      .send('{"tag": "a",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('invalid_json', 'Invalid JSON format'));
  });

  it('parses JSON sent without a JSON content type', async () => {
    const res = await request(h.app)
      .post('/api/create-participant')
      .set('x-api-key', account.key)
      .set('content-type', 'text/plain')
      .send('{"tag": "plain"}');
    expect(res.status).toBe(201);
    expect(res.body.data.participant.tag).toBe('plain');
  });

  it('accepts an empty body as {} for operations without parameters', async () => {
    const res = await request(h.app).post('/api/list-participants').set('x-api-key', account.key);
    expect(res.status).toBe(200);
  });

  it('refuses a JSON value that is not an object', async () => {
    for (const body of ['[1,2]', '"text"', '42', 'null']) {
      const res = await request(h.app)
        .post('/api/create-participant')
        .set('x-api-key', account.key)
        .set('content-type', 'application/json')
        .send(body);
      expect(res.status, body).toBe(400);
      expect(res.body, body).toEqual(errorBody('invalid_value', 'Invalid body: expected a JSON object'));
    }
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await account.call('create-participant', { tag: 'big', metadata: { a: 'x'.repeat(5000) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(errorBody('payload_too_large', 'Request body exceeds the limit of 4096 bytes'));
  });
});

describe('unexpected errors (500)', () => {
  it('answers a generic message with the request id, never the stack', async () => {
    const failing = defineOperation('list-participants', async () => {
      throw new Error('database exploded at /srv/secret/path.ts:12');
    });
    const app = createApiSurface(h.deps, { ...serviceOperations, 'list-participants': failing });
    const res = await request(app).post('/api/list-participants').set('x-api-key', account.key).send({});
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: { code: 'internal', message: 'Internal server error', request_id: res.headers['x-request-id'] },
    });
    expect(res.text).not.toContain('exploded');
  });

  it('echoes a sane incoming X-Request-Id', async () => {
    const res = await account.call('list-participants').set('x-request-id', 'trace-123');
    expect(res.headers['x-request-id']).toBe('trace-123');
  });
});

// The API's own HTTP stack (api-surface.ts on machine-surface.ts, read-body.ts).
/** create-participant with this body; its answer names the tag it stored. */
const createParticipant = (body: Buffer | string, headers: Record<string, string> = {}, extra: Partial<RawRequest> = {}) =>
  sendRaw(h.app, {
    path: '/api/create-participant',
    headers: { 'x-api-key': account.key, 'content-type': 'application/json', ...headers },
    body,
    ...extra,
  });

const storedTag = (answer: { status: number; json: unknown }) => {
  expect(answer.status).toBe(201);
  return (answer.json as { data: { participant: { tag: string } } }).data.participant.tag;
};

describe('request bodies', () => {
  it('reads a chunked body (no Content-Length)', async () => {
    expect(storedTag(await createParticipant(JSON.stringify({ tag: 'Chunked Ana' }), {}, { chunked: true }))).toBe('Chunked Ana');
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ])('reads a %s body, chunked or not', async (encoding, compress) => {
    const body = compress(Buffer.from(JSON.stringify({ tag: `Packed ${encoding}` })));
    expect(storedTag(await createParticipant(body, { 'content-encoding': encoding }))).toBe(`Packed ${encoding}`);
    expect(storedTag(await createParticipant(body, { 'content-encoding': encoding }, { chunked: true }))).toBe(`Packed ${encoding}`);
  });

  it('decodes the charset the Content-Type names (latin1, utf-16le), and drops a byte-order mark', async () => {
    const latin1 = Buffer.from(JSON.stringify({ tag: 'José Müller' }), 'latin1');
    expect(storedTag(await createParticipant(latin1, { 'content-type': 'application/json; charset=latin1' }))).toBe('José Müller');
    const utf16 = Buffer.from(`\ufeff${JSON.stringify({ tag: 'Zoë' })}`, 'utf16le');
    expect(storedTag(await createParticipant(utf16, { 'content-type': 'application/json; charset=utf-16le' }))).toBe('Zoë');
    expect(storedTag(await createParticipant(`\ufeff${JSON.stringify({ tag: 'Marked' })}`))).toBe('Marked');
  });

  it('refuses a body over the limit with 413, counted after decompression too', async () => {
    const large = JSON.stringify({ tag: 'x', metadata: { pad: 'x'.repeat(5_000) } });
    const refusal = errorBody('payload_too_large', 'Request body exceeds the limit of 4096 bytes');
    for (const answer of [
      await createParticipant(large),
      await createParticipant(large, {}, { chunked: true }),
      await createParticipant(gzipSync(Buffer.from(large)), { 'content-encoding': 'gzip' }),
    ]) {
      expect(answer.status).toBe(413);
      expect(answer.json).toEqual(refusal);
    }
  });

  it('refuses an unknown encoding or charset, and a body that does not decompress, with 400', async () => {
    const body = JSON.stringify({ tag: 'x' });
    const unknownEncoding = await createParticipant(body, { 'content-encoding': 'compress' });
    expect(unknownEncoding.status).toBe(400);
    expect(unknownEncoding.json).toEqual(
      errorBody('invalid_value', 'Unsupported Content-Encoding "compress": send the body as identity, gzip, deflate or br'),
    );
    const unknownCharset = await createParticipant(body, { 'content-type': 'application/json; charset=klingon' });
    expect(unknownCharset.status).toBe(400);
    expect(unknownCharset.json).toEqual(errorBody('invalid_value', 'Unsupported charset "klingon" in Content-Type: send UTF-8 JSON'));
    const broken = await createParticipant(body, { 'content-encoding': 'gzip' });
    expect(broken.status).toBe(400);
    expect(broken.json).toEqual(errorBody('invalid_value', 'Invalid body: it does not decompress as gzip'));
  });

  it('takes no body at all as {}', async () => {
    const answer = await sendRaw(h.app, { path: '/api/list-participants', headers: { 'x-api-key': account.key } });
    expect(answer.status).toBe(200);
  });
});

describe('what is not an operation call', () => {
  it('serves the OpenAPI description to GET and HEAD, without a key', async () => {
    const document = await request(h.app).get('/api/openapi.json');
    expect(document.status).toBe(200);
    expect(document.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(document.body).toMatchObject({
      openapi: expect.stringMatching(/^3\./),
      paths: expect.objectContaining({ '/get-configuration': expect.any(Object) }),
    });
    const head = await request(h.app).head('/api/openapi.json');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(document.headers['content-length']);
  });

  it('answers another method on an operation, and an unknown operation, with 404', async () => {
    for (const method of ['get', 'put', 'delete'] as const) {
      const res = await request(h.app)[method]('/api/get-configuration').set('x-api-key', account.key);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody('not_found', `${method.toUpperCase()} is not supported: every operation is POST`));
    }
    const unknown = await request(h.app).post('/api/get-nothing').set('x-api-key', account.key).send({});
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorBody('not_found', 'Unknown operation: /get-nothing'));
    const bare = await request(h.app).post('/api').set('x-api-key', account.key).send({});
    expect(bare.status).toBe(404);
    expect(bare.body).toEqual(errorBody('not_found', 'Unknown operation: /'));
  });

  it('takes an operation with a trailing slash or other capitals, and a query', async () => {
    for (const path of ['/api/list-participants/', '/api/List-Participants', '/api/list-participants?x=1']) {
      const res = await request(h.app).post(path).set('x-api-key', account.key).send({});
      expect(res.status).toBe(200);
      expect(res.body).toHaveProperty('data.items');
    }
  });

  it('echoes the request id on every answer, errors included', async () => {
    const res = await request(h.app).get('/api/nothing').set('x-request-id', 'trace-404');
    expect(res.status).toBe(404);
    expect(res.headers['x-request-id']).toBe('trace-404');
  });
});
