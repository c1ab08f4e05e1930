/**
 * The built-in API of a running `npm start` (src/main.ts), called the way its own hub does: with
 * the key the hub provisioned for itself at start; and a configuration whose webhooks go to that hub.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Harness } from './harness.js';
import { projectRoot } from './processes.js';
import { eventually } from './webhook-receiver.js';

const run = promisify(execFile);

export type ApiCall = (operation: string, body: object) => Promise<{ data: Record<string, never> }>;

/** Waits (up to `timeoutMs`) for the key the hub provisioned, and answers it with a caller of the API. */
export async function provisionedApi(h: Harness, baseUrl: string, timeoutMs: number): Promise<{ key: string; call: ApiCall }> {
  const key = await eventually(async () => (await h.db.hubSetting.findUnique({ where: { key: 'upstream_api_key' } }))?.value, timeoutMs);
  const call: ApiCall = async (operation, body) => {
    const res = await fetch(`${baseUrl}/api/${operation}`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { data: Record<string, never> };
  };
  return { key, call };
}

/** Creates a configuration tagged `tag` and registers the hub's webhooks on it with `hub:register-webhooks`. */
export async function configurationWithHubWebhooks(call: ApiCall, tag: string, env: Record<string, string>) {
  const configurationId = (await call('create-configuration', { tag })).data.configuration['configuration_id'] as string;
  const registered = await run(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'hub:register-webhooks', configurationId], {
    cwd: projectRoot,
    env: { ...process.env, ...env },
  });
  return { configurationId, registered: registered.stdout };
}
