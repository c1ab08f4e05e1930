/**
 * Redaction end to end through speech (docs/redaction.md): one synthesized card payment call,
 * recognised by the offline engine, submitted twice through the built-in service and mirrored by
 * the hub of the same stack (signed webhooks, a worker, the fake Slack, the fake Sheets API, CSV
 * exports, the console). With redact_pii on, none of the call's secrets reach get-transcription,
 * the database rows, the logs, the mirror, Slack, the Sheets and CSV exports or the call view, and
 * the identity check still passes.
 * With it off, the hub's default policies still keep the card and social security numbers out of
 * everything the hub writes or sends.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTION_POLICIES } from '../../src/lib/redaction/index.js';
import { createConsoleUser } from '../../src/hub/console/users/manage-console-users.js';
import { createReportExporter } from '../../src/hub/reports/export/create-report-exporter.js';
import { exportReport } from '../../src/hub/reports/export/export-report.js';
import { runReportOnDemand } from '../../src/hub/reports/runs/run-report-on-demand.js';
import { registerReceiverWebhooks } from '../../src/hub/webhooks/register-receiver-webhooks.js';
import { capturingLogger, slackHub } from '../hub/alerts/support.js';
import { startFakeSheets, type FakeSheets } from '../fakes/fake-sheets.js';
import { startFakeSlack, type FakeSlack } from '../fakes/fake-slack.js';
import { decodeRecording } from '../../src/service/processing/decode-recording.js';
import { createHarness, errorBody, type Harness } from '../support/harness.js';
import { startHubStack, type HubStack } from '../support/hub-stack.js';
import { startRecordingServer, type RecordingServer } from '../support/recording-server.js';
import { synthesizeConversation } from '../support/synthesize.js';
import { eventually } from '../support/webhook-receiver.js';
import { leakedSecrets, paymentCall, type Secret } from './payment-call.js';
import { closeInOrder } from '../support/close-in-order.js';

let h: Harness;
let stack: HubStack;
let slack: FakeSlack;
let sheets: FakeSheets;
let recordings: RecordingServer;
let logLines: Record<string, unknown>[];
let callUrl: string;
let evaluatorId: string;
const lead = { email: `lead-${randomUUID().slice(0, 8)}@example.com`, name: 'Lea Lead', password: 'a long enough password' };
const everySecret: Secret[] = ['card', 'expiry', 'securityCode', 'socialSecurity', 'birthDate'];

beforeAll(async () => {
  const captured = capturingLogger();
  captured.logger.level = 'debug';
  logLines = captured.lines;
  h = createHarness({ logger: captured.logger });
  slack = await startFakeSlack({ channels: ['C0DEFAULT1'] });
  sheets = await startFakeSheets();
  stack = await startHubStack(h, { hub: (defaults) => slackHub(slack, defaults) });
  recordings = await startRecordingServer();
  callUrl = recordings.serve('redaction/payment-call.wav', await synthesizeConversation(paymentCall, { stereo: true }));
  evaluatorId = (
    await stack.client.createEvaluator({
      tag: 'Billing QA',
      criteria: [
        {
          name: 'Identity verification',
          description: 'The agent verifies the caller with their date of birth.',
          type: 'boolean',
          weight: 50,
        },
        { name: 'Greeting', description: 'Greets the customer and thanks them for calling', type: 'boolean', weight: 50 },
        { name: 'No rudeness', description: 'Never insults the customer', type: 'strict', weight: 0 },
      ],
    })
  ).evaluator!.evaluator_id;
  await createConsoleUser(h.db, { ...lead, role: 'lead' }, { kind: 'cli' });
  h.startWorker({ hub: stack.hub });
}, 120_000);

afterAll(() => closeInOrder(stack, recordings, slack, sheets, h));

/** A configuration made with `settings`, its webhooks on the hub; the call submitted and mirrored COMPLETED. */
async function processCall(tag: string, settings: Record<string, unknown>) {
  const created = await stack.account.call('create-configuration', {
    tag,
    summary: true,
    extraction_fields: [
      { name: 'date_of_birth', type: 'date', description: "The caller's date of birth" },
      { name: 'card_number', type: 'string', description: 'The card number the caller reads' },
    ],
    ...settings,
  });
  expect(created.status).toBe(201);
  const configurationId: string = created.body.data.configuration.configuration_id;
  await registerReceiverWebhooks(stack.client, configurationId, {
    publicBaseUrl: stack.baseUrl,
    token: 'hub-stack-token-0123456789abcdef',
  });
  const { transcription_id: id } = await stack.client.submit({
    configuration_id: configurationId,
    url: callUrl,
    evaluator_id: evaluatorId,
    name: `${tag} call`,
  });
  await eventually(async () => (await h.db.hubTranscription.findUnique({ where: { id } }))?.status === 'COMPLETED', 150_000, 250);
  return { id, configurationId };
}

/** Everything the hub keeps or sends about a call: its mirror rows, its Slack alert, a Sheets and a CSV export, the call view. */
async function hubOutputs(id: string) {
  const mirror = await h.db.hubTranscription.findUniqueOrThrow({ where: { id }, include: { results: true } });
  const alert = await eventually(async () => {
    const posted = slack.messages.filter((m) => JSON.stringify(m).includes(id));
    return posted.length ? posted : undefined;
  }, 30_000);
  const period = new Date().toISOString().slice(0, 7);
  const report = await runReportOnDemand(stack.hub, { kind: 'evaluator', subjectId: evaluatorId, period, shouldExport: false });
  const dir = await mkdtemp(path.join(h.dataDir, 'redaction-export-'));
  await exportReport(stack.hub, createReportExporter({ kind: 'csv', dir }, stack.hub.logger), report.snapshotId);
  const csv = (await Promise.all((await readdir(dir)).map((file) => readFile(path.join(dir, file), 'utf8')))).join('\n');
  expect(csv).toContain(id);
  const sheetsExporter = createReportExporter(
    {
      kind: 'sheets',
      spreadsheetId: sheets.spreadsheetId,
      credentials: sheets.credentials,
      rootUrl: sheets.rootUrl,
      maxRequestBytes: 8_000_000,
      timeoutMs: 20_000,
      retry: { maxRetries: 2, baseDelayMs: 10, maxDelayMs: 100 },
    },
    stack.hub.logger,
  );
  await exportReport(stack.hub, sheetsExporter, report.snapshotId);
  const sheetsCells = JSON.stringify(sheets.tabs().map((tab) => tab.values));
  expect(sheetsCells).toContain(id);
  const agent = request.agent(stack.app);
  const csrf = /name="_csrf" value="([^"]+)"/.exec((await agent.get('/console/sign-in')).text)?.[1] ?? '';
  await agent.post('/console/sign-in').type('form').send({ _csrf: csrf, email: lead.email, password: lead.password, next: '/console' });
  const callView = await agent.get(`/console/calls/${id}`);
  expect(callView.status).toBe(200);
  return { mirror: JSON.stringify(mirror), slack: JSON.stringify(alert), sheets: sheetsCells, csv, callView: callView.text };
}

describe('redaction, end to end through speech', () => {
  it('with redact_pii on, no secret of the call is stored, logged, mirrored, alerted, exported or shown; the identity check still passes', async () => {
    const { id, configurationId } = await processCall('Billing redacted', {
      redact_pii: true,
      redact_pii_policies: [...REDACTION_POLICIES],
      redact_pii_audio: true,
    });

    // The configuration answers its extension members; the webhook registration (an update) kept them.
    const configuration = (await stack.account.call('get-configuration', { configuration_id: configurationId })).body.data.configuration;
    expect(configuration).toMatchObject({ redact_pii: true, redact_pii_policies: [...REDACTION_POLICIES], redact_pii_audio: true });

    const answer = (await stack.account.call('get-transcription', { transcription_id: id })).body.data;
    const segments: string = answer.details.conversation.segments.map((s: { text: string }) => s.text).join('\n');
    expect(segments).toContain('[CREDIT_CARD_NUMBER]');
    expect(segments).toContain('[US_SOCIAL_SECURITY_NUMBER]');
    expect(segments).toContain('[DATE_OF_BIRTH]');
    expect(leakedSecrets(JSON.stringify(answer), everySecret)).toEqual([]);
    const identity = answer.details.evaluation.breakdown.results.find((r: { name: string }) => r.name === 'Identity verification');
    expect(identity).toMatchObject({ status: 'PASS', score_raw_ai: 1 });

    const row = await h.db.transcription.findUniqueOrThrow({ where: { id }, include: { results: true } });
    const deliveries = await h.db.webhookDelivery.findMany({ where: { transcriptionId: id } });
    expect(leakedSecrets(JSON.stringify({ row, deliveries }), everySecret)).toEqual([]);

    // The kept recording is the toned copy: recognised again, none of the secrets comes back.
    expect(row.recordingKey).toMatch(/\.wav$/);
    const processing = h.processingContext();
    const heardAgain = await processing.storage.withLocalFile(row.recordingKey!, async (file) => {
      const decoded = await decodeRecording(file, await mkdtemp(path.join(tmpdir(), 'convoqa-redacted-')), {
        stereo: true,
        maxDurationSeconds: 600,
      });
      return processing.engines.speechToText.transcribe(decoded, { vocabulary: [] });
    });
    expect(leakedSecrets(heardAgain.segments.map((s) => s.text).join('\n'), everySecret)).toEqual([]);

    const hub = await hubOutputs(id);
    expect(hub.slack).toContain('No rudeness');
    for (const [where, text] of Object.entries(hub))
      expect({ where, leaked: leakedSecrets(text, everySecret) }).toEqual({ where, leaked: [] });
    // Every line the processes logged meanwhile (processing, webhooks, mirror, Slack, reports).
    expect(logLines.length).toBeGreaterThan(0);
    expect(leakedSecrets(JSON.stringify(logLines), everySecret)).toEqual([]);
  }, 300_000);

  it("with the service's redaction off, the hub's default policies keep the card and social security numbers out of what it writes or sends", async () => {
    const { id } = await processCall('Billing in the clear', {});
    const answer = (await stack.account.call('get-transcription', { transcription_id: id })).body.data;
    // The built-in service stored the call as said: what follows is the hub's own doing.
    expect(leakedSecrets(JSON.stringify(answer), ['card', 'socialSecurity'])).not.toEqual([]);

    const mirror = await h.db.hubTranscription.findUniqueOrThrow({ where: { id } });
    expect(mirror.redactionPolicies).toEqual([
      'credit_card_number',
      'credit_card_cvv',
      'credit_card_expiration',
      'us_social_security_number',
      'banking_information',
    ]);
    const hub = await hubOutputs(id);
    for (const [where, text] of Object.entries(hub)) {
      expect({ where, leaked: leakedSecrets(text, ['card', 'socialSecurity', 'securityCode']) }).toEqual({ where, leaked: [] });
    }
  }, 300_000);

  it('refuses an unknown policy name with a 400 that names it and lists the known ones', async () => {
    const res = await stack.account.call('create-configuration', {
      tag: 'Typo',
      redact_pii: true,
      redact_pii_policies: ['credit_card_number', 'credit_card'],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      errorBody(
        'invalid_value',
        `Invalid redact_pii_policies: unknown redaction policy 'credit_card'; known policies: ${REDACTION_POLICIES.join(', ')}`,
      ),
    );
    const update = await stack.account.call('update-configuration', {
      configuration_id: randomUUID(),
      redact_pii_policies: ['passport_number'],
    });
    expect(update.status).toBe(400);
    expect(update.body).toEqual(
      errorBody(
        'invalid_value',
        `Invalid redact_pii_policies: unknown redaction policy 'passport_number'; known policies: ${REDACTION_POLICIES.join(', ')}`,
      ),
    );
  });
});
