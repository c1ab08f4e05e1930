import cliProgress from 'cli-progress';
import { InvalidArgumentError, type Command } from 'commander';
import type { HubContext } from '../hub/hub-context.js';
import { backfillMirror } from '../hub/mirror/backfill.js';
import { registerReceiverWebhooks } from '../hub/webhooks/register-receiver-webhooks.js';
import { printLine } from './output.js';

function parseConcurrency(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 32) throw new InvalidArgumentError('expected a whole number from 1 to 32.');
  return n;
}

export function registerHubCommands(program: Command, openHub: () => Promise<HubContext>): void {
  program
    .command('backfill')
    .description('mirror every transcription of the upstream account into the hub (resumes where a previous run stopped)')
    .option('--concurrency <n>', 'fetches at once (1 to 32)', parseConcurrency, 4)
    .option('--with-alerts', 'raise Slack alerts for recent critical fails it mirrors (by default history raises none)')
    .action(async (options: { concurrency: number; withAlerts?: boolean }) => {
      const hub = await openHub();
      // The bar goes to stderr; the summary line is the answer on stdout.
      const bar = new cliProgress.SingleBar(
        {
          stream: process.stderr,
          format: 'backfill [{bar}] {value}/{total} mirrored ({failed} failed) {eta_formatted} left',
          hideCursor: true,
          // Not a terminal (CI logs, a pipe): a progress line every 2 s instead of a redrawn bar.
          noTTYOutput: true,
          notTTYSchedule: 2_000,
        },
        cliProgress.Presets.shades_classic,
      );
      let started = false;
      const result = await backfillMirror(hub, {
        concurrency: options.concurrency,
        // A year of history must not post a year of alerts; the digest lists what is pending.
        hooks: options.withAlerts ? hub.mirrorHooks : [],
        onProgress: (p) => {
          if (!started) {
            bar.start(p.total, p.alreadyMirrored, { failed: 0 });
            started = true;
          } else bar.update(p.alreadyMirrored + p.done, { failed: p.failed });
        },
      });
      bar.stop();
      printLine(`${result.total} transcriptions: ${result.alreadyMirrored} already mirrored, ${result.done} mirrored now, ${result.failed} failed`);
      if (result.failed) process.exitCode = 1;
    });

  program
    .command('hub:register-webhooks')
    .description("point a configuration's webhooks at this hub's receiver (with its token)")
    .argument('<configuration-id>')
    .action(async (configurationId: string) => {
      const hub = await openHub();
      const { token } = await hub.receiverCredentials();
      const configuration = await registerReceiverWebhooks(await hub.upstream(), configurationId, { publicBaseUrl: hub.settings.publicBaseUrl, token });
      printLine(`configuration ${configuration.configuration_id} now sends its webhooks to:`);
      printLine(`  success_url ${configuration.webhooks?.success_url ?? ''}`);
      printLine(`  error_url   ${configuration.webhooks?.error_url ?? ''}`);
    });
}
