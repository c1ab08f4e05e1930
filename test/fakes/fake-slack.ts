/**
 * A local fake of Slack's Web API: chat.postMessage, chat.update and conversations.history, at
 * `${apiUrl}<method>` like https://slack.com/api/. It checks what Slack checks: the bot token
 * (`Authorization: Bearer xoxb-…`; not_authed / invalid_auth), the channel (channel_not_found),
 * a text or blocks, and that blocks look like Block Kit (an array of at most 50 objects of known
 * types, text objects, Slack's length limits; invalid_blocks). It accepts the WebClient's
 * form-encoded bodies (JSON values as strings) and JSON bodies, records every call and message,
 * and can be scripted per method: a 429 with Retry-After, an `{ok: false, error}` answer, or a
 * connection dropped after the message was recorded (Slack posted, the answer never came).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSlackMessage {
  channel: string;
  ts: string;
  text: string;
  blocks: Record<string, unknown>[];
  metadata: { event_type: string; event_payload: Record<string, unknown> } | null;
}

export interface FakeSlackCall {
  method: string;
  /** What the fake answered: an HTTP status, and Slack's error code when not ok. */
  status: number;
  error: string | null;
  params: Record<string, unknown>;
}

export type ScriptedAnswer =
  | { status: 429; retryAfter: number }
  | { error: string }
  /** Records the message like a success, then drops the connection without answering. */
  | { dropAfterPost: true };

export interface FakeSlack {
  /** The Web API base URL, for the WebClient's `slackApiUrl` (ends with `/api/`). */
  apiUrl: string;
  token: string;
  /** Channel id of a known channel name (`#qa-alerts`) or id. */
  idOf(channel: string): string;
  addChannel(name: string): string;
  /** Every message posted, in order (chat.update changes them in place). */
  messages: FakeSlackMessage[];
  updates: { channel: string; ts: string; text: string; blocks: Record<string, unknown>[] }[];
  calls: FakeSlackCall[];
  /** Answers for the next calls of a method, in order, before it behaves normally again. */
  script(method: string, answers: ScriptedAnswer[]): void;
  /** Whether conversations.history answers (false: `missing_scope`, a bot without channels:history). */
  allowHistory: boolean;
  postsTo(channel: string): FakeSlackMessage[];
  close(): Promise<void>;
}

const blockTypes = new Set(['section', 'header', 'divider', 'context', 'actions', 'image', 'rich_text', 'input', 'file', 'video']);

export async function startFakeSlack(options: { token?: string; channels?: string[] } = {}): Promise<FakeSlack> {
  const token = options.token ?? 'xoxb-test-0123456789-abcdefghijklmnop';
  const channels = new Map<string, string>();
  let nextChannel = 1;
  let clock = 1_800_000_000;
  const messages: FakeSlackMessage[] = [];
  const updates: FakeSlack['updates'] = [];
  const calls: FakeSlackCall[] = [];
  const scripts = new Map<string, ScriptedAnswer[]>();

  const addChannel = (name: string) => {
    const id = /^[CGD][A-Z0-9]{5,}$/.test(name) ? name : `C${String(nextChannel++).padStart(8, '0')}`;
    channels.set(name, id);
    channels.set(id, id);
    return id;
  };
  for (const name of options.channels ?? []) addChannel(name);

  const fake: FakeSlack = {
    apiUrl: '',
    token,
    idOf: (channel) => {
      const id = channels.get(channel);
      if (!id) throw new Error(`fake slack: unknown channel ${channel}`);
      return id;
    },
    addChannel,
    messages,
    updates,
    calls,
    script: (method, answers) => scripts.set(method, [...answers]),
    allowHistory: true,
    postsTo: (channel) => messages.filter((m) => m.channel === (channels.get(channel) ?? channel)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const method = (req.url ?? '').replace(/^\/api\//, '').split('?')[0] ?? '';
      const params = parseParams(raw, req.headers['content-type'] ?? '');
      const answer = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
        calls.push({ method, status, error: body.ok === false ? String(body.error) : null, params });
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
      };
      const authorization = req.headers.authorization;
      if (!authorization) return answer(200, { ok: false, error: 'not_authed' });
      if (authorization !== `Bearer ${token}`) return answer(200, { ok: false, error: 'invalid_auth' });

      const scripted = scripts.get(method)?.shift();
      if (scripted && 'status' in scripted)
        return answer(429, { ok: false, error: 'ratelimited' }, { 'retry-after': String(scripted.retryAfter) });
      if (scripted && 'error' in scripted) return answer(200, { ok: false, error: scripted.error });

      switch (method) {
        case 'chat.postMessage': {
          const channel = channels.get(str(params.channel));
          if (!channel) return answer(200, { ok: false, error: 'channel_not_found' });
          const problem = checkMessage(params);
          if (problem) return answer(200, { ok: false, error: problem });
          clock += 1;
          const message: FakeSlackMessage = {
            channel,
            ts: `${clock}.000100`,
            text: str(params.text),
            blocks: (params.blocks as Record<string, unknown>[] | undefined) ?? [],
            metadata: (params.metadata as FakeSlackMessage['metadata'] | undefined) ?? null,
          };
          messages.push(message);
          if (scripted && 'dropAfterPost' in scripted) {
            calls.push({ method, status: 0, error: 'connection dropped', params });
            req.socket.destroy();
            return;
          }
          return answer(200, { ok: true, channel, ts: message.ts, message: { text: message.text, ts: message.ts } });
        }
        case 'chat.update': {
          const channel = str(params.channel);
          // chat.update takes a channel id, never a name.
          if (channels.get(channel) !== channel) return answer(200, { ok: false, error: 'channel_not_found' });
          const message = messages.find((m) => m.channel === channel && m.ts === params.ts);
          if (!message) return answer(200, { ok: false, error: 'message_not_found' });
          const problem = checkMessage(params);
          if (problem) return answer(200, { ok: false, error: problem });
          message.text = str(params.text);
          message.blocks = (params.blocks as Record<string, unknown>[] | undefined) ?? [];
          updates.push({ channel, ts: message.ts, text: message.text, blocks: message.blocks });
          return answer(200, { ok: true, channel, ts: message.ts });
        }
        case 'conversations.history': {
          if (!fake.allowHistory) return answer(200, { ok: false, error: 'missing_scope', needed: 'channels:history' });
          const channel = channels.get(str(params.channel));
          if (!channel) return answer(200, { ok: false, error: 'channel_not_found' });
          const oldest = Number(params.oldest ?? 0);
          const withMetadata = params.include_all_metadata === true || params.include_all_metadata === 'true';
          const found = messages
            .filter((m) => m.channel === channel && Number(m.ts) > oldest)
            .reverse()
            .map((m) => ({ type: 'message', ts: m.ts, text: m.text, ...(withMetadata && m.metadata ? { metadata: m.metadata } : {}) }));
          return answer(200, { ok: true, messages: found, has_more: false });
        }
        default:
          return answer(200, { ok: false, error: 'unknown_method' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
  return fake;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Form fields whose values are JSON (the WebClient encodes objects and arrays so) are decoded. */
function parseParams(raw: string, contentType: string): Record<string, unknown> {
  if (contentType.includes('application/json')) return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    params[key] = key === 'blocks' || key === 'metadata' ? tryJson(value) : value === 'true' ? true : value === 'false' ? false : value;
  }
  return params;
}

const tryJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Slack's checks on a message body: no_text, invalid_blocks (shape and Slack's length limits). */
function checkMessage(params: Record<string, unknown>): string | null {
  const blocks = params.blocks;
  if (blocks === undefined) return typeof params.text === 'string' && params.text ? null : 'no_text';
  if (!Array.isArray(blocks) || blocks.length === 0 || blocks.length > 50) return 'invalid_blocks';
  for (const block of blocks as unknown[]) if (!isValidBlock(block)) return 'invalid_blocks';
  const metadata = params.metadata as { event_type?: unknown; event_payload?: unknown } | undefined;
  if (metadata !== undefined && (typeof metadata.event_type !== 'string' || typeof metadata.event_payload !== 'object'))
    return 'invalid_metadata_format';
  return null;
}

function isTextObject(value: unknown, max: number, kinds = ['plain_text', 'mrkdwn']): boolean {
  const text = value as { type?: unknown; text?: unknown } | null;
  return (
    typeof text === 'object' &&
    text !== null &&
    kinds.includes(String(text.type)) &&
    typeof text.text === 'string' &&
    text.text.length > 0 &&
    text.text.length <= max
  );
}

function isValidBlock(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const block = value as Record<string, unknown>;
  if (typeof block.type !== 'string' || !blockTypes.has(block.type)) return false;
  switch (block.type) {
    case 'header':
      return isTextObject(block.text, 150, ['plain_text']);
    case 'section': {
      const fields = block.fields as unknown[] | undefined;
      if (block.text === undefined && fields === undefined) return false;
      if (block.text !== undefined && !isTextObject(block.text, 3000)) return false;
      return fields === undefined || (Array.isArray(fields) && fields.length <= 10 && fields.every((f) => isTextObject(f, 2000)));
    }
    case 'context': {
      const elements = block.elements as unknown[] | undefined;
      return Array.isArray(elements) && elements.length > 0 && elements.length <= 10 && elements.every((e) => isTextObject(e, 3000));
    }
    case 'actions': {
      const elements = block.elements as Record<string, unknown>[] | undefined;
      if (!Array.isArray(elements) || elements.length === 0 || elements.length > 25) return false;
      return elements.every(
        (e) =>
          e.type === 'button' &&
          isTextObject(e.text, 75, ['plain_text']) &&
          (e.action_id === undefined || (typeof e.action_id === 'string' && e.action_id.length <= 255)) &&
          (e.value === undefined || (typeof e.value === 'string' && e.value.length <= 2000)) &&
          (e.url === undefined || (typeof e.url === 'string' && /^https?:\/\//.test(e.url))),
      );
    }
    default:
      return true;
  }
}
