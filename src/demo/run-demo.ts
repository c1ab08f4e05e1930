/**
 * `npm run demo`: against the running service (PORT / PUBLIC_BASE_URL and ADMIN_TOKEN from the
 * environment or .env; without ADMIN_TOKEN, the one the service generated), in the hub's own
 * account, shows the whole path of a call: a configuration, an evaluator and a participant (found or made once), two sample calls served by the service
 * itself (one compliant, one where the agent blames the customer), their transcripts and
 * evaluations, the hub's mirror rows, the Slack alert of the critical fail, an exported report and
 * the console link of each call. Safe to run again. Any error is one line, exit code 1.
 */
import { loadConfig, type AppConfig } from '../config.js';
import { DemoError, createDemoHttp } from './demo-http.js';
import { setUpDemo } from './demo-setup.js';
import { exportDemoReport } from './export-demo-report.js';
import { followCall, submitSample } from './follow-call.js';

const samples = ['support-call', 'blaming-call'] as const;
const print = (line: string) => process.stdout.write(`${line}\n`);

/** Prisma's messages start with where the call was made; the reason is their last line. */
const lastLine = (message: string) =>
  message
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .at(-1) ?? message;

/**
 * ADMIN_TOKEN, else the token the service generated and printed at its first start (kept in
 * hub_settings of the same DATABASE_URL), so `npm start` then `npm run demo` needs no setting.
 */
async function adminToken(config: AppConfig): Promise<string> {
  if (config.admin.token) return config.admin.token;
  const [{ createDb }, { readHubSetting }] = await Promise.all([import('../db.js'), import('../hub/settings/hub-settings.js')]);
  const db = createDb(config.process.databaseUrl, { maxConnections: 1 });
  try {
    const stored = await readHubSetting(db, 'admin_token').catch((error: unknown) => {
      throw new DemoError(
        `ADMIN_TOKEN is not set and the database could not be read for the generated one (${lastLine((error as Error).message)}): set ADMIN_TOKEN to the service's`,
      );
    });
    if (!stored)
      throw new DemoError(
        'ADMIN_TOKEN is not set and the service has not generated one yet: start it first (npm start), or set ADMIN_TOKEN for both',
      );
    return stored;
  } finally {
    await db.$disconnect();
  }
}

async function runDemo(): Promise<void> {
  const config = loadConfig();
  const token = await adminToken(config);
  const http = createDemoHttp(config.process.publicBaseUrl, token);
  print(`convoqa demo against ${http.baseUrl}, in the hub's own account`);
  await http.admin('GET', '/health');

  const resources = await setUpDemo(http, print);
  const submitted: { sample: string; id: string }[] = [];
  for (const sample of samples) {
    const id = await submitSample(http, resources, sample);
    print(`[${sample}] submitted ${id} (${http.baseUrl}/samples/${sample}.wav)`);
    submitted.push({ sample, id });
  }
  const calls = await Promise.all(submitted.map(({ sample, id }) => followCall(http, sample, id, print)));
  await exportDemoReport(http, resources.evaluator.evaluator_id, print);

  print('open each call in the console (sign in first: npm run cli -- console:users:create, see docs/console.md):');
  for (const call of calls) print(`  ${call.sample}${call.criticalFail ? ' (critical fail)' : ''}: ${call.consoleUrl}`);
}

try {
  await runDemo();
} catch (error) {
  const message = error instanceof Error ? error.message.split('\n').filter(Boolean).join('; ') : String(error);
  process.stderr.write(`demo failed: ${message}\n`);
  process.exitCode = 1;
}
