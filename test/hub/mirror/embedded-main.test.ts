import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../support/harness.js';
import { deploymentEnv, freePort, startEntry, type ChildService } from '../../support/processes.js';
import { configurationWithHubWebhooks, provisionedApi } from '../../support/provisioned-api.js';
import { startRecordingServer, type RecordingServer } from '../../support/recording-server.js';
import { supportCall, synthesizeConversation } from '../../support/synthesize.js';
import { eventually } from '../../support/webhook-receiver.js';

let h: Harness;
let main: ChildService;
let recordings: RecordingServer;
let baseUrl: string;
let env: Record<string, string>;
const dataDir = mkdtempSync(path.join(tmpdir(), 'convoqa-main-'));

beforeAll(async () => {
  h = createHarness();
  recordings = await startRecordingServer();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  env = {
    ...deploymentEnv('main', port, dataDir),
    // Only the recording server's own host:port: the hub receiver of this process is reached
    // because PUBLIC_BASE_URL's host:port is always allowed (private addresses are refused by default).
    ALLOW_PRIVATE_HOSTS: new URL(recordings.baseUrl).host,
  };
  main = startEntry('src/main.ts', env);
  await eventually(async () => (await fetch(`${baseUrl}/api/`, { method: 'POST' }).catch(() => null))?.status === 404, 30_000);
}, 60_000);
afterAll(async () => {
  await main.stop('SIGKILL');
  await recordings.close();
  await h.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start (src/main.ts): the built-in API and the hub in one process', () => {
  it('a configuration pointed at the hub of the same process gets its transcriptions mirrored', async () => {
    // The hub provisioned its own key on the built-in API at start.
    const { call } = await provisionedApi(h, baseUrl, 20_000);
    const { configurationId, registered } = await configurationWithHubWebhooks(call, `embedded-${randomUUID().slice(0, 6)}`, env);
    try {
      expect(registered).toContain(`success_url ${baseUrl}/webhooks/transcriptions/success?token=`);

      const url = recordings.serve('embedded.wav', await synthesizeConversation(supportCall.slice(0, 3)));
      const id = (await call('submit', { configuration_id: configurationId, url })).data.transcription_id as string;
      const row = await eventually(async () => {
        const found = await h.db.hubTranscription.findUnique({ where: { id } });
        return found?.status === 'COMPLETED' ? found : undefined;
      }, 60_000);
      expect(row.configurationId).toBe(configurationId);
      const receipt = await h.db.hubWebhookReceipt.findFirstOrThrow({ where: { transcriptionId: id } });
      expect(receipt.id).toBe(`tx-${id}-success`); // one receipt per transcription and outcome
      await call('delete-transcription', { transcription_id: id });
    } finally {
      await call('delete-configuration', { configuration_id: configurationId });
    }
    expect(await main.stop('SIGTERM')).toBe(0);
  }, 120_000);
});
