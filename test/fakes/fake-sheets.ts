/**
 * A small stand-in for Google's OAuth token endpoint and the Sheets API v4, for export tests. It
 * checks what Google checks: the JWT bearer grant (form body, RS256 signature by the service
 * account's key, issuer, audience, scope, expiry), the bearer token it issued on every Sheets
 * request, the spreadsheet id, and the shape of each request; it keeps the tabs and their values
 * so tests can read them back, and answers scripted failures (429, 5xx) first.
 */
import { generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SheetsEndpoint = 'token' | 'get' | 'batchUpdate' | 'values.batchUpdate';

export interface FakeSheetsRequest {
  endpoint: SheetsEndpoint | 'unknown';
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
  bytes: number;
  status: number;
}

export interface FakeTab {
  sheetId: number;
  title: string;
  rowCount: number;
  columnCount: number;
  /** Rows of cell values as written (RAW). */
  values: unknown[][];
}

export interface FakeSheets {
  rootUrl: string;
  tokenUri: string;
  spreadsheetId: string;
  /** Service-account credentials whose token_uri points here. */
  credentials: { type: 'service_account'; client_email: string; private_key: string; token_uri: string };
  requests: FakeSheetsRequest[];
  tabs(): FakeTab[];
  tab(title: string): FakeTab | undefined;
  /** The next request(s) to that endpoint are answered with this status (and headers). */
  failNext(endpoint: SheetsEndpoint, status: number, headers?: Record<string, string>, times?: number): void;
  close(): Promise<void>;
}

const googleTokenUrl = 'https://oauth2.googleapis.com/token';
const sheetsScope = 'https://www.googleapis.com/auth/spreadsheets';
const base64url = (text: string) => Buffer.from(text, 'base64url');

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function checkAssertion(assertion: string, publicKey: KeyObject, clientEmail: string): void {
  const parts = assertion.split('.');
  if (parts.length !== 3) throw new Refusal(400, 'invalid_grant: malformed assertion');
  const [header, payload, signature] = parts as [string, string, string];
  const head = JSON.parse(base64url(header).toString('utf8')) as { alg?: string };
  if (head.alg !== 'RS256') throw new Refusal(400, `invalid_grant: alg ${head.alg}`);
  if (!verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), publicKey, base64url(signature))) {
    throw new Refusal(400, 'invalid_grant: bad signature');
  }
  const claims = JSON.parse(base64url(payload).toString('utf8')) as Record<string, unknown>;
  if (claims.iss !== clientEmail) throw new Refusal(400, `invalid_grant: iss ${String(claims.iss)}`);
  if (claims.aud !== googleTokenUrl) throw new Refusal(400, `invalid_grant: aud ${String(claims.aud)}`);
  if (typeof claims.scope !== 'string' || !claims.scope.split(' ').includes(sheetsScope)) throw new Refusal(400, 'invalid_scope');
  const now = Date.now() / 1000;
  if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number' || claims.exp < now || claims.iat > now + 60) {
    throw new Refusal(400, 'invalid_grant: expired or future assertion');
  }
}

/** `'Tab name'!A5` → title and first row (column A only: every write starts a row). */
function parseRange(range: unknown): { title: string; row: number } {
  const match = typeof range === 'string' ? /^'((?:[^']|'')+)'!A(\d+)$/.exec(range) : null;
  if (!match) throw new Refusal(400, `Unable to parse range: ${String(range)}`);
  return { title: match[1].replaceAll("''", "'"), row: Number(match[2]) };
}

export async function startFakeSheets(): Promise<FakeSheets> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `hub-${randomBytes(4).toString('hex')}@convoqa-test.iam.gserviceaccount.com`;
  const spreadsheetId = `sheet-${randomBytes(8).toString('hex')}`;
  const tokens = new Set<string>();
  const requests: FakeSheetsRequest[] = [];
  const failures = new Map<SheetsEndpoint, { status: number; headers: Record<string, string> }[]>();
  const tabs = new Map<number, FakeTab>([[0, { sheetId: 0, title: 'Sheet1', rowCount: 1000, columnCount: 26, values: [] }]]);
  const byTitle = (title: string) => [...tabs.values()].find((t) => t.title === title);

  const applyRequest = (request: Record<string, unknown>): unknown => {
    const kinds = Object.keys(request);
    if (kinds.length !== 1) throw new Refusal(400, `each request must set exactly one kind, got ${kinds.join(', ')}`);
    const kind = kinds[0];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- request bodies are checked field by field below
    const body = request[kind] as Record<string, any>;
    switch (kind) {
      case 'addSheet': {
        const p = body.properties as { sheetId?: number; title?: string; gridProperties?: { rowCount?: number; columnCount?: number } };
        if (!p?.title) throw new Refusal(400, 'addSheet: properties.title is required');
        if (byTitle(p.title)) throw new Refusal(400, `A sheet with the name "${p.title}" already exists.`);
        const sheetId = p.sheetId ?? Math.max(0, ...tabs.keys()) + 1;
        if (tabs.has(sheetId)) throw new Refusal(400, `sheetId ${sheetId} is in use`);
        const tab = {
          sheetId,
          title: p.title,
          rowCount: p.gridProperties?.rowCount ?? 1000,
          columnCount: p.gridProperties?.columnCount ?? 26,
          values: [],
        };
        tabs.set(sheetId, tab);
        return {
          addSheet: { properties: { sheetId, title: tab.title, gridProperties: { rowCount: tab.rowCount, columnCount: tab.columnCount } } },
        };
      }
      case 'deleteSheet': {
        if (!tabs.has(body.sheetId as number)) throw new Refusal(400, `No sheet with id: ${String(body.sheetId)}`);
        if (tabs.size === 1) throw new Refusal(400, 'You cannot delete all the sheets in a document.');
        tabs.delete(body.sheetId as number);
        return {};
      }
      case 'updateCells': {
        const tab = tabs.get(body.range?.sheetId as number);
        if (!tab) throw new Refusal(400, `No sheet with id: ${String(body.range?.sheetId)}`);
        if (body.fields !== 'userEnteredValue' || body.rows !== undefined)
          throw new Refusal(400, 'updateCells: only clearing userEnteredValue is modelled');
        tab.values = [];
        return {};
      }
      case 'updateSheetProperties': {
        const tab = tabs.get(body.properties?.sheetId as number);
        if (!tab) throw new Refusal(400, `No sheet with id: ${String(body.properties?.sheetId)}`);
        if (typeof body.fields !== 'string' || !body.fields.startsWith('gridProperties'))
          throw new Refusal(400, 'updateSheetProperties: fields must name gridProperties');
        tab.rowCount = body.properties.gridProperties?.rowCount ?? tab.rowCount;
        tab.columnCount = body.properties.gridProperties?.columnCount ?? tab.columnCount;
        tab.values = tab.values.slice(0, tab.rowCount);
        return {};
      }
      default:
        throw new Refusal(400, `Unknown request kind: ${kind}`);
    }
  };

  const handle = (
    endpoint: SheetsEndpoint | 'unknown',
    method: string,
    raw: string,
    headers: IncomingHttpHeaders,
  ): { status: number; json: unknown; headers?: Record<string, string> } => {
    if (endpoint === 'unknown') throw new Refusal(404, 'Not found');
    const failure = failures.get(endpoint)?.shift();
    if (failure) {
      const json =
        failure.status === 429
          ? { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } }
          : { error: { code: failure.status, message: 'Backend error', status: 'UNAVAILABLE' } };
      return { status: failure.status, json, headers: failure.headers };
    }
    if (endpoint === 'token') {
      if (method !== 'POST' || !/^application\/x-www-form-urlencoded/.test(headers['content-type'] ?? ''))
        throw new Refusal(400, 'invalid_request');
      const form = new URLSearchParams(raw);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') throw new Refusal(400, 'unsupported_grant_type');
      checkAssertion(form.get('assertion') ?? '', publicKey, clientEmail);
      const token = `ya29.fake-${randomBytes(12).toString('hex')}`;
      tokens.add(token);
      return { status: 200, json: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
    }
    const auth = /^Bearer (.+)$/.exec(headers.authorization ?? '');
    if (!auth || !tokens.has(auth[1])) throw new Refusal(401, 'Request had invalid authentication credentials.');
    if (endpoint === 'get') {
      if (method !== 'GET') throw new Refusal(404, 'Not found');
      return {
        status: 200,
        json: { spreadsheetId, sheets: [...tabs.values()].map((t) => ({ properties: { sheetId: t.sheetId, title: t.title } })) },
      };
    }
    if (method !== 'POST' || !/^application\/json/.test(headers['content-type'] ?? '')) throw new Refusal(400, 'expected a JSON POST');
    const body = JSON.parse(raw) as Record<string, unknown>;
    if (endpoint === 'batchUpdate') {
      if (!Array.isArray(body.requests) || body.requests.length === 0) throw new Refusal(400, 'requests: required');
      // All or nothing, like the real API: apply to a copy, keep it only if every request succeeds.
      const saved = new Map([...tabs].map(([id, t]) => [id, { ...t, values: t.values.map((r) => [...r]) }]));
      try {
        const replies = (body.requests as Record<string, unknown>[]).map(applyRequest);
        return { status: 200, json: { spreadsheetId, replies } };
      } catch (error) {
        tabs.clear();
        for (const [id, t] of saved) tabs.set(id, t);
        throw error;
      }
    }
    // values.batchUpdate
    if (body.valueInputOption !== 'RAW' && body.valueInputOption !== 'USER_ENTERED') throw new Refusal(400, 'valueInputOption: required');
    if (!Array.isArray(body.data) || body.data.length === 0) throw new Refusal(400, 'data: required');
    let updatedRows = 0;
    for (const range of body.data as { range?: unknown; majorDimension?: string; values?: unknown }[]) {
      const { title, row } = parseRange(range.range);
      const tab = byTitle(title);
      if (!tab) throw new Refusal(400, `Unable to parse range: ${String(range.range)}`);
      if (range.majorDimension !== undefined && range.majorDimension !== 'ROWS') throw new Refusal(400, 'majorDimension: ROWS expected');
      if (!Array.isArray(range.values)) throw new Refusal(400, 'values: required');
      const values = range.values as unknown[][];
      const widest = Math.max(0, ...values.map((r) => r.length));
      if (row - 1 + values.length > tab.rowCount || widest > tab.columnCount) {
        throw new Refusal(400, `Range (${title}!A${row}) exceeds grid limits. Max rows: ${tab.rowCount}, max columns: ${tab.columnCount}`);
      }
      values.forEach((cells, i) => {
        if (cells.some((c) => c !== null && typeof c === 'object')) throw new Refusal(400, 'Invalid values: cells must be scalars');
        tab.values[row - 1 + i] = cells;
      });
      updatedRows += values.length;
    }
    return { status: 200, json: { spreadsheetId, totalUpdatedRows: updatedRows } };
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const prefix = `/v4/spreadsheets/${spreadsheetId}`;
      const endpoint: SheetsEndpoint | 'unknown' =
        url.pathname === '/token'
          ? 'token'
          : url.pathname === prefix
            ? 'get'
            : url.pathname === `${prefix}:batchUpdate`
              ? 'batchUpdate'
              : url.pathname === `${prefix}/values:batchUpdate`
                ? 'values.batchUpdate'
                : 'unknown';
      let body: unknown = raw;
      try {
        body = raw && endpoint !== 'token' ? JSON.parse(raw) : raw;
      } catch {
        // kept as text
      }
      const record: FakeSheetsRequest = {
        endpoint,
        method: req.method ?? '',
        path: url.pathname + url.search,
        headers: req.headers,
        body,
        bytes: chunks.reduce((n, c) => n + c.length, 0),
        status: 0,
      };
      requests.push(record);
      const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
        record.status = status;
        sendJson(res, status, json, headers);
      };
      try {
        const answer = handle(endpoint, req.method ?? '', raw, req.headers);
        send(answer.status, answer.json, answer.headers);
      } catch (error) {
        if (!(error instanceof Refusal)) {
          send(500, { error: { code: 500, message: `fake-sheets bug: ${(error as Error).message}`, status: 'INTERNAL' } });
          return;
        }
        if (endpoint === 'token') send(error.status, { error: error.message.split(':')[0], error_description: error.message });
        else
          send(error.status, {
            error: { code: error.status, message: error.message, status: error.status === 401 ? 'UNAUTHENTICATED' : 'INVALID_ARGUMENT' },
          });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const rootUrl = `http://127.0.0.1:${port}/`;
  const tokenUri = `${rootUrl}token`;
  return {
    rootUrl,
    tokenUri,
    spreadsheetId,
    credentials: {
      type: 'service_account',
      client_email: clientEmail,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      token_uri: tokenUri,
    },
    requests,
    tabs: () => [...tabs.values()],
    tab: (title) => byTitle(title),
    failNext(endpoint, status, headers = {}, times = 1) {
      failures.set(endpoint, [...(failures.get(endpoint) ?? []), ...Array.from({ length: times }, () => ({ status, headers }))]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function sendJson(res: ServerResponse, status: number, json: unknown, headers: Record<string, string>) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(json));
}
