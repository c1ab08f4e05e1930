import cliProgress from 'cli-progress';
import { InvalidArgumentError, type Command } from 'commander';
import type { HubContext } from '../hub/hub-context.js';
import { backfillMirror } from '../hub/mirror/backfill.js';
import { registerReceiverWebhooks } from '../hub/webhooks/register-receiver-webhooks.js';
import { printLine } from './output.js';

/** The answer of a backfill run, in plain words. */
export function backfillSummary(result: {
  total: number;
  alreadyMirrored: number;
  done: number;
  failed: number;
  quarantined?: number;
}): string {
  if (result.total === 0) return 'nothing to backfill: the upstream account has no transcriptions yet';
  if (result.total === result.alreadyMirrored)
    return `nothing to backfill: all ${result.total} transcription(s) of the upstream account are mirrored already`;
  const failed = result.failed ? `, ${result.failed} failed (run backfill again to retry them)` : '';
  const quarantined = result.quarantined
    ? `; ${result.quarantined} list row(s) broke the API description and are quarantined (GET /admin/sync/quarantine)`
    : '';
  return `mirrored ${result.done} transcription(s) now${failed}; ${result.alreadyMirrored} of ${result.total} were mirrored already${quarantined}`;
}

function parseConcurrency(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 32) throw new InvalidArgumentError('expected a whole number from 1 to 32.');
  return n;
}

/** Turns a 404 for one of `ids` into a sentence when the id is another account's; rethrows otherwise. */
export type ExplainNotFound = (error: unknown, ids: readonly string[]) => Promise<never>;

export function registerHubCommands(program: Command, openHub: () => Promise<HubContext>, explainNotFound: ExplainNotFound): void {
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
          format: 'backfill [{bar}] {value}/{total} to mirror ({failed} failed) {eta_formatted} left',
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
          // The bar counts only what this run mirrors: nothing to do shows no bar at all.
          const todo = p.total - p.alreadyMirrored;
          if (todo === 0) return;
          if (!started) {
            bar.start(todo, p.done, { failed: p.failed });
            started = true;
          } else bar.update(p.done, { failed: p.failed });
        },
      });
      if (started) bar.stop();
      printLine(backfillSummary(result));
      if (result.failed) process.exitCode = 1;
    });

  program
    .command('hub:register-webhooks')
    .description("point a configuration's webhooks at this hub's receiver (with its token)")
    .argument('<configuration-id>')
    .action(async (configurationId: string) => {
      const hub = await openHub();
      const { token } = await hub.receiverCredentials();
      const configuration = await registerReceiverWebhooks(await hub.upstream(), configurationId, {
        publicBaseUrl: hub.settings.publicBaseUrl,
        token,
      }).catch((error: unknown) => explainNotFound(error, [configurationId]));
      printLine(`configuration ${configuration.configuration_id} now sends its webhooks to:`);
      printLine(`  success_url ${configuration.webhooks?.success_url ?? ''}`);
      printLine(`  error_url   ${configuration.webhooks?.error_url ?? ''}`);
    });
}
