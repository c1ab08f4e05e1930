/**
 * `npm run demo`: against the running service (PORT / PUBLIC_BASE_URL and ADMIN_TOKEN from the
 * environment or .env), in the hub's own account, shows the whole path of a call: a configuration,
 * an evaluator and a participant (found or made once), two sample calls served by the service
 * itself (one compliant, one where the agent blames the customer), their transcripts and
 * evaluations, the hub's mirror rows, the Slack alert of the critical fail, an exported report and
 * the console link of each call. Safe to run again. Any error is one line, exit code 1.
 */
import { loadConfig } from '../config.js';
import { DemoError, createDemoHttp } from './demo-http.js';
import { setUpDemo } from './demo-setup.js';
import { exportDemoReport } from './export-demo-report.js';
import { followCall, submitSample } from './follow-call.js';

const samples = ['support-call', 'blaming-call'] as const;
const print = (line: string) => process.stdout.write(`${line}\n`);

async function runDemo(): Promise<void> {
  const config = loadConfig();
  const token = config.admin.token;
  if (!token) throw new DemoError('ADMIN_TOKEN is not set: give the demo the same ADMIN_TOKEN as the service (in .env or the environment)');
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
