import type { AppConfig } from '../config.js';
import type { HubContext } from '../hub/hub-context.js';
import { defaultSheetsRetry, type ReportsSettings } from '../hub/reports/reports-settings.js';
import type { Runtime } from '../runtime.js';

/** The hub's context for a process, from its runtime. */
export function createHubContext(runtime: Runtime): HubContext {
  return {
    db: runtime.db,
    redis: runtime.redis,
    logger: runtime.logger,
    jobs: runtime.jobs,
    now: () => new Date(),
    upstream: runtime.upstream,
    settings: { publicBaseUrl: runtime.config.publicBaseUrl, reports: reportsSettings(runtime.config) },
  };
}

export function reportsSettings(config: AppConfig): ReportsSettings {
  const exportConfig = config.reports.export;
  return {
    schedules: config.reports.enabled ? config.reports.schedules : [],
    onDemandReserve: config.reports.onDemandReserve,
    export: exportConfig.kind === 'csv' ? exportConfig : { ...exportConfig, retry: defaultSheetsRetry },
  };
}
