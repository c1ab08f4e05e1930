/**
 * One sample call of the demo, followed from submission to what the hub made of it: the
 * transcript, the evaluation, the mirror row, and for a critical fail the Slack alert record.
 */
import type { Transcription } from '../contract/transcriptions.js';
import { DemoError, waitFor, type DemoHttp } from './demo-http.js';
import type { DemoResources } from './demo-setup.js';

type Print = (line: string) => void;

interface MirrorRow {
  id: string;
  status: string;
  score: number | null;
  critical_fail: boolean | null;
  participant_tag: string | null;
  evaluator_tag: string | null;
  mirrored_at: string;
}

interface AlertRecord {
  id: string;
  transcription_id: string;
  status: 'pending' | 'sending' | 'sent' | 'delivered_to_log' | 'failed';
  channel: string | null;
  last_error: string | null;
}

export interface FollowedCall {
  sample: string;
  transcriptionId: string;
  criticalFail: boolean;
  alert: AlertRecord | null;
  consoleUrl: string;
}

const transcriptTurnsShown = 4;

export async function submitSample(http: DemoHttp, resources: DemoResources, sample: string): Promise<string> {
  const { transcription_id: id } = await http.api<{ transcription_id: string }>('submit', {
    configuration_id: resources.configuration.configuration_id,
    evaluator_id: resources.evaluator.evaluator_id,
    participant_id: resources.participant.participant_id,
    name: `demo ${sample}`,
    url: `${http.baseUrl}/samples/${sample}.wav`,
  });
  return id;
}

export async function followCall(http: DemoHttp, sample: string, id: string, print: Print): Promise<FollowedCall> {
  const say = (line: string) => print(`[${sample}] ${line}`);
  const done = await waitFor(`transcription ${id} to finish processing`, async () => {
    const t = await http.api<Transcription>('get-transcription', { transcription_id: id });
    return t.status === 'IN_PROGRESS' ? null : t;
  });
  if (done.status === 'FAILED')
    throw new DemoError(`transcription ${id} of ${sample} FAILED: ${done.details.error?.message ?? 'no reason given'}`);

  const segments = done.details.conversation?.segments ?? [];
  say(`transcript (${segments.length} turns, ${Math.round(done.duration)} s; first ${Math.min(transcriptTurnsShown, segments.length)}):`);
  for (const segment of segments.slice(0, transcriptTurnsShown)) say(`  ${segment.speaker}: ${segment.text}`);
  if (done.details.summary) say(`summary: ${done.details.summary.text}`);
  const fields = done.details.fields?.fields ?? [];
  if (fields.length > 0) say(`fields: ${fields.map((f) => `${f.name} = ${JSON.stringify(f.value)}`).join(', ')}`);

  const evaluation = done.details.evaluation;
  if (!evaluation) throw new DemoError(`transcription ${id} of ${sample} has no evaluation`);
  say(`evaluation: score ${evaluation.score}, critical fail ${evaluation.critical_fail ? 'YES' : 'no'}`);
  for (const result of evaluation.breakdown.results) {
    say(
      `  ${result.status} ${result.name} [${result.type}] ${result.score_obtained}/${result.max_weight}${result.quote ? ` — "${result.quote}"` : ''}`,
    );
  }

  const mirror = await waitFor(`the hub to mirror ${id} (its webhook)`, () => http.admin<MirrorRow>('GET', `/transcriptions/${id}`));
  say(
    `mirror row: ${mirror.id} ${mirror.status}, score ${mirror.score}, critical fail ${mirror.critical_fail}, evaluator ${mirror.evaluator_tag}, participant ${mirror.participant_tag}, mirrored at ${mirror.mirrored_at}`,
  );

  let alert: AlertRecord | null = null;
  if (evaluation.critical_fail) {
    alert = await waitFor(`the Slack alert of ${id}`, async () => {
      const { alerts } = (await http.admin<{ alerts: AlertRecord[] }>('GET', '/alerts?kind=critical_fail&limit=1000')) ?? { alerts: [] };
      const found = alerts.find((a) => a.transcription_id === id);
      return found && !['pending', 'sending'].includes(found.status) ? found : null;
    });
    const where =
      alert.status === 'delivered_to_log'
        ? 'Slack is not configured (no SLACK_BOT_TOKEN): written to the service\'s log (the terminal of npm start), a line starting "slack (log only"'
        : alert.status === 'sent'
          ? `posted to Slack channel ${alert.channel ?? '(default)'}`
          : `failed: ${alert.last_error ?? 'no reason given'}`;
    say(`slack alert ${alert.id}: ${alert.status} — ${where}`);
  } else {
    say('slack alert: none (no critical fail)');
  }
  const consoleUrl = `${http.baseUrl}/console/calls/${id}`;
  return { sample, transcriptionId: id, criticalFail: evaluation.critical_fail, alert, consoleUrl };
}
