/**
 * The demo's resources in the hub's account, found by tag or made once: a configuration (summary,
 * the company's name as vocabulary, two extraction fields, webhooks pointed at the hub), an evaluator (boolean, scale and strict
 * criteria) and a participant. Running the demo again finds them instead of making copies.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Configuration } from '../contract/configurations.js';
import type { Evaluator } from '../contract/evaluators.js';
import type { Participant } from '../contract/participants.js';
import { DemoError, type DemoHttp } from './demo-http.js';

const run = promisify(execFile);
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const demoTag = 'convoqa-demo';
const participantTag = 'demo-agent-daniel';

export interface DemoResources {
  configuration: Configuration;
  evaluator: Evaluator;
  participant: Participant;
}

type Print = (line: string) => void;

async function findOrCreateConfiguration(http: DemoHttp): Promise<{ configuration: Configuration; isNew: boolean }> {
  const { configurations } = await http.api<{ configurations: Configuration[] }>('list-configurations');
  const found = configurations.find((c) => c.tag === demoTag);
  if (found) return { configuration: found, isNew: false };
  const { configuration } = await http.api<{ configuration: Configuration }>('create-configuration', {
    tag: demoTag,
    summary: true,
    // The company's name, as a user configures the words their calls use: it is transcribed as written.
    vocabulary: ['Acme'],
    extraction_fields: [
      { name: 'order number', type: 'number', description: 'The order number the customer gives' },
      { name: 'delivery date', type: 'date', description: 'When the order will arrive' },
    ],
  });
  return { configuration, isNew: true };
}

async function findOrCreateEvaluator(http: DemoHttp): Promise<{ evaluator: Evaluator; isNew: boolean }> {
  const { items } = await http.api<{ items: Evaluator[] }>('list-evaluators');
  const found = items.find((e) => e.tag === demoTag);
  if (found) return { evaluator: found, isNew: false };
  const { evaluator } = await http.api<{ evaluator: Evaluator }>('create-evaluator', {
    tag: demoTag,
    description: 'Acme support calls (convoqa demo)',
    context: 'Acme support: orders, deliveries and returns.',
    criteria: [
      { name: 'Greeting', description: 'The agent opens the call with a greeting and names the company.', type: 'boolean', weight: 20 },
      { name: 'Empathy', description: "The agent shows empathy for the customer's problem.", type: 'scale', weight: 30 },
      { name: 'Closing', description: 'The agent asks if there is anything else and ends the call politely.', type: 'boolean', weight: 20 },
      {
        name: 'No blaming or rudeness',
        description: 'The agent never blames the customer, talks down to them or is rude or dismissive.',
        type: 'strict',
        weight: 0,
      },
    ],
  });
  return { evaluator, isNew: true };
}

async function findOrCreateParticipant(http: DemoHttp): Promise<{ participant: Participant; isNew: boolean }> {
  const { items } = await http.api<{ items: Participant[] }>('list-participants');
  const found = items.find((p) => p.tag === participantTag);
  if (found) return { participant: found, isNew: false };
  const { participant } = await http.api<{ participant: Participant }>('create-participant', {
    tag: participantTag,
    metadata: { team: 'demo' },
  });
  return { participant, isNew: true };
}

/** `npm run cli -- hub:register-webhooks <id>`, as a person would run it (the receiver's token stays in the hub). */
async function registerWebhooks(configurationId: string): Promise<string> {
  try {
    const { stdout } = await run(
      process.execPath,
      [path.join(projectRoot, 'src/cli/launch.mjs'), 'hub:register-webhooks', configurationId],
      {
        cwd: projectRoot,
        timeout: 120_000,
      },
    );
    return /success_url (\S+)/.exec(stdout)?.[1] ?? '';
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '')
      .trim()
      .split('\n')[0];
    throw new DemoError(`hub:register-webhooks failed: ${stderr || (error as Error).message}`);
  }
}

export async function setUpDemo(http: DemoHttp, print: Print): Promise<DemoResources> {
  const { configuration, isNew: newConfiguration } = await findOrCreateConfiguration(http);
  print(
    `configuration ${configuration.configuration_id} "${demoTag}" (${newConfiguration ? 'created' : 'found'}): summary, vocabulary ${configuration.vocabulary.map((v) => `"${v}"`).join(', ')}, fields ${configuration.extraction_fields.map((f) => `"${f.name}"`).join(', ')}`,
  );
  const successUrl = await registerWebhooks(configuration.configuration_id);
  print(`  its webhooks point at the hub's receiver: ${successUrl.replace(/\?.*$/, '?token=…')}`);
  const { evaluator, isNew: newEvaluator } = await findOrCreateEvaluator(http);
  print(
    `evaluator ${evaluator.evaluator_id} "${demoTag}" (${newEvaluator ? 'created' : 'found'}): ${evaluator.criteria.map((c) => `${c.name} [${c.type}]`).join(', ')}`,
  );
  const { participant, isNew: newParticipant } = await findOrCreateParticipant(http);
  print(`participant ${participant.participant_id} "${participant.tag}" (${newParticipant ? 'created' : 'found'})`);
  return { configuration, evaluator, participant };
}
