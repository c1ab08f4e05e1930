/**
 * The line each process starts its log with: which halves of convoqa run here (README "Run the
 * hub against the vendor's API"), so an operator reading any process's log sees at once whether
 * this deployment also serves the built-in API.
 */
import type { AppConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { jobNames, type JobName } from '../queues/job-catalog.js';

/** "built-in service: off (upstream https://api.vendor.example); hub: on". */
export function describeHalves(config: Pick<AppConfig, 'halves' | 'upstream' | 'service'>): string {
  const setting = config.service.builtInService;
  const why =
    setting === 'auto' ? `upstream ${config.upstream.baseUrl}` : `BUILT_IN_SERVICE=${setting}; upstream ${config.upstream.baseUrl}`;
  return `built-in service: ${config.halves.builtInService ? 'on' : 'off'} (${why}); hub: on`;
}

/** The first line of a process's log: its halves, and the folders it uses, absolute (relative settings are resolved at boot). */
export function logHalves(logger: Logger, config: Pick<AppConfig, 'halves' | 'upstream' | 'service' | 'reports'>): void {
  logger.info(
    {
      builtInService: config.halves.builtInService,
      hub: config.halves.hub,
      upstream: config.upstream.baseUrl,
      setting: config.service.builtInService,
      dataDir: config.service.dataDir,
      ...(config.reports.export.kind === 'csv' ? { exportsDir: config.reports.export.dir } : {}),
    },
    describeHalves(config),
  );
}

/** The jobs a process of this configuration runs or schedules: the built-in service's (`service.*`) only where it runs. */
export function runningJobNames(halves: AppConfig['halves']): JobName[] {
  return jobNames.filter((name) => halves.builtInService || !name.startsWith('service.'));
}
