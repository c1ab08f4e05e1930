/**
 * The account the hub follows: `hub:create-key` hands out a key of it (so first calls are mirrored),
 * and a 404 for another account's resource says whose it is and what to do.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateApiKey } from '../../src/service/accounts/api-keys.js';
import { readHubSetting, hubSettingKeys } from '../../src/hub/settings/hub-settings.js';
import { serveBuiltIn } from '../hub/client/support.js';
import { createHarness, type Harness } from '../support/harness.js';
import { projectRoot } from '../support/processes.js';
import { seedConfiguration } from '../support/seed.js';
import { closeInOrder } from '../support/close-in-order.js';

const run = promisify(execFile);

let h: Harness;
let service: { baseUrl: string; close: () => Promise<void> };
beforeAll(async () => {
  h = createHarness();
  service = await serveBuiltIn(h);
});
afterAll(() => closeInOrder(service, h));

/** The CLI with the built-in upstream: this deployment's own API, the hub on its own key. */
const cli = (...args: string[]) =>
  run(process.execPath, ['src/cli/launch.mjs', ...args], {
    cwd: projectRoot,
    env: { ...process.env, PUBLIC_BASE_URL: new URL(service.baseUrl).origin },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );

describe("the hub's account", () => {
  it('hub:create-key makes a key of the account the hub follows', async () => {
    const { code, stdout } = await cli('hub:create-key', 'first-calls');
    expect(code).toBe(0);
    const key = stdout.trimEnd().split('\n').at(-1) ?? '';
    expect(key).toMatch(/^cq_/);
    const hubKey = (await readHubSetting(h.db, hubSettingKeys.upstreamApiKey)) ?? '';
    expect(await authenticateApiKey(h.db, key)).toBe(await authenticateApiKey(h.db, hubKey));
    expect(stdout).toMatch(/for account \S+, the one the hub follows/);
    expect((await cli('hub:account')).stdout).toMatch(/^the hub follows account \S+ \([0-9a-f-]{36}\)/);
  });

  it("a resource of another account: the hub's 404 says whose it is and what to do", async () => {
    const other = await h.createAccount();
    const configuration = await seedConfiguration(h.db, other.id);
    const registered = await cli('hub:register-webhooks', configuration.id);
    expect(registered.code).toBe(1);
    expect(registered.stderr).toBe(
      `error: configuration ${configuration.id} belongs to account "${other.name}", but the hub follows account "default": ` +
        `make it with a key of the hub's account (npm run cli -- hub:create-key <name>), or point the hub at "${other.name}" (UPSTREAM_API_KEY=<a key of ${other.name}>)\n`,
    );
    const viaApi = await cli('api', 'get-configuration', JSON.stringify({ configuration_id: configuration.id }));
    expect(viaApi.stderr).toContain(`belongs to account "${other.name}"`);
    // An id that exists nowhere is still the upstream's plain 404.
    const nowhere = await cli('hub:register-webhooks', '00000000-0000-4000-8000-000000000000');
    expect(nowhere.stderr).toMatch(/^error: not_found \(HTTP 404\) from update-configuration/);
  });
});
