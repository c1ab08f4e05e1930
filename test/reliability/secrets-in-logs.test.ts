/**
 * Secrets never reach the logs, and API keys are stored only hashed. One `npm start` process
 * (src/main.ts: the built-in API, the hub, worker and clock) runs at LOG_LEVEL=trace with every
 * secret configured: the admin token, the hub's upstream key and webhook secret and token, Slack's
 * bot token and signing secret, a Google service account's private key, an OpenAI key. A full run
 * uses each of them: accounts and keys made through the admin API, a recording submitted and one
 * uploaded (upload URL token), signed webhooks to a receiver and to the hub, the mirror, a Slack
 * alert and a signed button press, a report exported to Sheets (JWT grant and bearer token), wrong
 * keys and tokens refused. Then every line the process wrote is searched for every secret.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai.js';
import { startFakeSheets, type FakeSheets } from '../fakes/fake-sheets.js';
import { startFakeSlack, type FakeSlack } from '../fakes/fake-slack.js';
import { createHarness, type Harness, type TestAccount } from '../support/harness.js';
import { freePort, startEntry, type ChildService } from '../support/processes.js';
import { startRecordingServer, type RecordingServer } from '../support/recording-server.js';
import { supportCall, synthesizeConversation } from '../support/synthesize.js';
import { reportScenario } from './support/report-scenario.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const secrets = {
  adminToken: `admin-${randomUUID()}`,
  hubWebhookToken: `hubtoken-${randomUUID()}`,
  slackBotToken: `xoxb-${randomUUID()}`,
  slackSigningSecret: `slacksign${randomUUID().replace(/-/g, '')}`,
  openAiKey: `sk-${randomUUID()}`,
};

let h: Harness;
let hubAccount: TestAccount;
let slack: FakeSlack;
let sheets: FakeSheets;
let openAi: FakeOpenAi;
let recordings: RecordingServer;
let receiver: WebhookReceiver;
let main: ChildService;
let baseUrl: string;
let receiverSecret = '';
const dataDir = mkdtempSync(path.join(tmpdir(), 'convoqa-secrets-'));

beforeAll(async () => {
  h = createHarness();
  hubAccount = await h.createAccount();
  slack = await startFakeSlack({ token: secrets.slackBotToken, channels: ['C0ALERTS01'] });
  sheets = await startFakeSheets();
  openAi = await startFakeOpenAi(secrets.openAiKey);
  recordings = await startRecordingServer();
  receiver = await startWebhookReceiver(() => receiverSecret);
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  main = startEntry('src/main.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: baseUrl,
    QUEUE_PREFIX: `test-secrets-${randomUUID().slice(0, 8)}`,
    DATA_DIR: dataDir,
    RATE_LIMIT_SCALE: '100',
    LOG_LEVEL: 'trace',
    ADMIN_TOKEN: secrets.adminToken,
    UPSTREAM_API_KEY: hubAccount.key,
    HUB_WEBHOOK_SECRET: hubAccount.webhookSecret,
    HUB_WEBHOOK_TOKEN: secrets.hubWebhookToken,
    SLACK_BOT_TOKEN: secrets.slackBotToken,
    SLACK_SIGNING_SECRET: secrets.slackSigningSecret,
    SLACK_DEFAULT_CHANNEL: 'C0ALERTS01',
    SLACK_API_URL: slack.apiUrl,
    SHEETS_SPREADSHEET_ID: sheets.spreadsheetId,
    SHEETS_CREDENTIALS_JSON: JSON.stringify(sheets.credentials),
    SHEETS_ROOT_URL: sheets.rootUrl,
    ENGINE: 'openai',
    ENGINE_OPENAI_BASE_URL: openAi.baseUrl,
    ENGINE_OPENAI_API_KEY: secrets.openAiKey,
    REPORTS_ENABLED: 'false',
  });
  await eventually(async () => (await fetch(`${baseUrl}/admin/health`).catch(() => null))?.status === 200, 60_000);
}, 120_000);
afterAll(async () => {
  await main.stop('SIGKILL');
  await Promise.all([slack.close(), sheets.close(), openAi.close(), recordings.close(), receiver.close()]);
  await h.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(pathname: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const res = await fetch(`${baseUrl}${pathname}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as { data: Record<string, unknown> } };
}
const admin = (pathname: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') =>
  call(`/admin${pathname}`, { method, headers: { authorization: `Bearer ${secrets.adminToken}` }, body });
const api = (key: string, operation: string, body: unknown) => call(`/api/${operation}`, { headers: { 'x-api-key': key }, body });

describe('a full run at LOG_LEVEL=trace', () => {
  it('writes no API key, token, signing secret or private key to the log, and stores API keys only hashed', async () => {
    // Accounts and keys through the admin API.
    const account = (await admin('/accounts', { name: `secrets-${randomUUID().slice(0, 8)}` })).body.data as { id: string };
    const created = (await admin(`/accounts/${account.id}/keys`, { name: 'ops' })).body.data as { key: string };
    const key = created.key;
    receiverSecret = ((await admin(`/accounts/${account.id}`)).body.data as { webhook_signing_secret: string }).webhook_signing_secret;

    // The account's own work: a configuration whose webhooks go to a receiver, a strict criterion, a submit and an upload.
    const webhooks = { success_url: `${receiver.baseUrl}/ok`, error_url: `${receiver.baseUrl}/error` };
    const configuration = (await api(key, 'create-configuration', { tag: 'secrets', webhooks })).body.data.configuration as {
      configuration_id: string;
    };
    const criteria = [{ name: 'No refund promises', type: 'strict', weight: 0 }];
    const evaluator = (await api(key, 'create-evaluator', { tag: 'secrets', criteria })).body.data.evaluator as { evaluator_id: string };
    const wav = await synthesizeConversation(supportCall.slice(0, 2));
    const submitted = (
      await api(key, 'submit', {
        configuration_id: configuration.configuration_id,
        evaluator_id: evaluator.evaluator_id,
        url: recordings.serve('secrets.wav', wav),
      })
    ).body.data as { transcription_id: string };
    const upload = (
      await api(key, 'request-upload-url', {
        configuration_id: configuration.configuration_id,
        evaluator_id: evaluator.evaluator_id,
        filename: 'upload.wav',
      })
    ).body.data as { upload_url: string; transcription_id: string };
    const uploadToken = new URL(upload.upload_url).searchParams.get('token') ?? '';
    expect(uploadToken.length).toBeGreaterThan(10);
    const put = await fetch(upload.upload_url, { method: 'PUT', headers: { 'content-type': 'audio/wav' }, body: readFileSync(wav) });
    expect(put.status).toBeLessThan(300);

    // Wrong credentials, refused (and logged as refusals, without the attempted value).
    expect((await api(`${key}x`, 'list-configurations', {})).status).toBe(403);
    expect((await call('/admin/sync', { method: 'GET', headers: { authorization: `Bearer ${secrets.adminToken}x` } })).status).toBe(401);

    // The hub's account: a configuration whose webhooks go to the hub, processed into a critical fail, alerted in Slack.
    const hubConfiguration = (
      await admin('/api/create-configuration', {
        tag: 'secrets-hub',
        webhooks: {
          success_url: `${baseUrl}/webhooks/transcriptions/success?token=${secrets.hubWebhookToken}`,
          error_url: `${baseUrl}/webhooks/transcriptions/error?token=${secrets.hubWebhookToken}`,
        },
      })
    ).body.data.configuration as { configuration_id: string };
    const hubEvaluator = (await admin('/api/create-evaluator', { tag: 'secrets-hub', criteria })).body.data.evaluator as {
      evaluator_id: string;
    };
    const hubSubmitted = (
      await admin('/api/submit', {
        configuration_id: hubConfiguration.configuration_id,
        evaluator_id: hubEvaluator.evaluator_id,
        url: recordings.serve('hub.wav', wav),
      })
    ).body.data as { transcription_id: string };
    const alert = await eventually(
      async () => slack.messages.find((m) => m.metadata?.event_payload.transcription_id === hubSubmitted.transcription_id),
      90_000,
    );

    // A signed "Start review" press.
    const payload = {
      type: 'block_actions',
      user: { id: 'U0LEAD0001' },
      container: { type: 'message', message_ts: alert.ts, channel_id: alert.channel },
      actions: [{ type: 'button', action_id: 'review_start', value: hubSubmitted.transcription_id }],
    };
    const body = `payload=${encodeURIComponent(JSON.stringify(payload))}`;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = `v0=${createHmac('sha256', secrets.slackSigningSecret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
    const pressed = await fetch(`${baseUrl}/slack/interactions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': timestamp,
        'x-slack-signature': signature,
      },
      body,
    });
    expect(pressed.status).toBe(200);
    await eventually(
      async () =>
        (await h.db.hubTranscription.findUnique({ where: { id: hubSubmitted.transcription_id } }))?.group === 'UNDER_REVIEW' || undefined,
      30_000,
    );

    // A report pulled on demand and exported to Sheets.
    const month = new Date().toISOString().slice(0, 7);
    const report = await admin('/reports/runs', { kind: 'account', period: month });
    expect(report.status).toBe(201);
    await eventually(
      async () =>
        (await h.db.hubReportSnapshot.findFirst({ where: { run: { id: (report.body.data.run as { id: string }).id } } }))?.exportedAt ??
        undefined,
      60_000,
    );
    const sheetsToken = String(
      sheets.requests.find((r) => r.endpoint !== 'token' && r.headers.authorization)?.headers.authorization ?? '',
    ).replace(/^Bearer /, '');
    expect(sheetsToken.length).toBeGreaterThan(10);

    // Everything finished: both transcriptions of the account reported to its receiver.
    for (const id of [submitted.transcription_id, upload.transcription_id]) {
      const delivered = await eventually(
        async () =>
          receiver.received.find((w) => (w.verified as { data?: { transcription_id?: string } } | null)?.data?.transcription_id === id),
        90_000,
      );
      expect(delivered.path, JSON.stringify(delivered.body)).toBe('/ok');
    }
    expect(await main.stop('SIGTERM')).toBe(0);

    const log = main.output();
    const lines = log.split('\n').filter(Boolean);
    const privateKeyBody = sheets.credentials.private_key.split('\n').filter((l) => l && !l.startsWith('-----'));
    const searched: Record<string, string> = {
      'admin token': secrets.adminToken,
      "the hub's upstream API key": hubAccount.key,
      'an API key made through the admin API': key,
      'a wrong API key': `${key}x`,
      "the hub's webhook signing secret": hubAccount.webhookSecret,
      "the hub's webhook signing secret (key part)": hubAccount.webhookSecret.replace(/^whsec_/, ''),
      "an account's webhook signing secret": receiverSecret,
      'the receiver token': secrets.hubWebhookToken,
      'an upload URL token': uploadToken,
      'Slack bot token': secrets.slackBotToken,
      'Slack signing secret': secrets.slackSigningSecret,
      'OpenAI key': secrets.openAiKey,
      'Sheets access token': sheetsToken,
      'a line of the Google private key': privateKeyBody[1] ?? 'missing',
    };
    const leaked = Object.entries(searched)
      .filter(([, secret]) => log.includes(secret))
      .map(([name]) => name);
    reportScenario('secrets-in-logs', { log_lines: lines.length, secrets_searched: Object.keys(searched).length, leaked: leaked.length });
    expect(leaked).toEqual([]);

    // The search had something to search: the run logged its requests, with tokens redacted.
    expect(lines.length).toBeGreaterThan(30);
    for (const needle of [
      '/slack/interactions',
      '/admin/reports/runs',
      '/webhooks/transcriptions/success?token=[redacted]',
      '?token=[redacted]',
      '/api/submit',
    ]) {
      expect(log, needle).toContain(needle);
    }

    // Stored only hashed: no table of the built-in service holds either key in clear.
    const tables = await h.db.$queryRaw<
      { table_name: string }[]
    >`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name LIKE 'svc\\_%'`;
    expect(tables.length).toBeGreaterThan(5);
    for (const { table_name: table } of tables) {
      for (const secret of [key, hubAccount.key]) {
        const [row] = await h.db.$queryRawUnsafe<{ n: bigint }[]>(
          `SELECT count(*) AS n FROM "${table}" t WHERE t::text LIKE '%' || $1 || '%'`,
          secret,
        );
        expect(Number(row?.n), `${table} holds an API key in clear`).toBe(0);
      }
    }
  }, 300_000);
});
