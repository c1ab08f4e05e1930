/**
 * The one place that reads the environment. Each domain owns its settings schema, with its
 * variables, defaults and checks (`*-settings.ts`); this file composes them. Every value has an
 * embedded default, so `npm start` needs no environment at all: PostgreSQL and Redis on
 * 127.0.0.1, port 3000. A `.env` file in the working directory is read first (explicit variables
 * win; ENV_FILE names another file). Only entry and wiring files call loadConfig(); everything else takes its
 * settings as parameters.
 */
import { type z } from 'zod';
import { applyEnvFile } from './lib/config/env-file.js';
import { AdminSettings } from './hub/admin/admin-settings.js';
import { SlackSettings } from './hub/alerts/slack-settings.js';
import { ConsoleSettings } from './hub/console/console-settings.js';
import { SamplesSettings } from './samples/samples-settings.js';
import { upstreamSettingsSchema } from './hub/client/upstream-settings.js';
import { MirrorSettings } from './hub/mirror/mirror-settings.js';
import { HubRedactionSettings } from './hub/redaction/hub-redaction-settings.js';
import { ReportsSettings } from './hub/reports/reports-settings.js';
import { ReceiverSettings } from './hub/webhooks/receiver-settings.js';
import { MetricsSettings } from './metrics/metrics-settings.js';
import { ProcessSettings } from './lib/config/process-settings.js';
import { unsupportedNodeMessage } from './lib/config/supported-node.js';
import { EngineSettings } from './engine/engine-settings.js';
import { serviceSettingsSchema } from './service/service-settings.js';

/** Every section's schema; the process section's values (the public URL) feed the others. */
function sectionSchemas(process: ProcessSettings) {
  return {
    service: serviceSettingsSchema({ publicBaseUrl: process.publicBaseUrl }),
    engine: EngineSettings,
    upstream: upstreamSettingsSchema({ publicBaseUrl: process.publicBaseUrl }),
    receiver: ReceiverSettings,
    mirror: MirrorSettings,
    redaction: HubRedactionSettings,
    admin: AdminSettings,
    reports: ReportsSettings,
    slack: SlackSettings,
    metrics: MetricsSettings,
    console: ConsoleSettings,
    samples: SamplesSettings,
  };
}

type Sections = ReturnType<typeof sectionSchemas>;

/** Every settings schema by section, built with the defaults (for .env.example, see env-example.ts). */
export function settingsSchemas(): { process: typeof ProcessSettings } & Sections {
  return { process: ProcessSettings, ...sectionSchemas(ProcessSettings.parse({})) };
}

/**
 * Which halves of convoqa run here (README "Run the hub against the vendor's API"). The hub always
 * runs; the built-in service runs when BUILT_IN_SERVICE is `on`, or `auto` and the hub's upstream
 * is this deployment's own /api.
 */
export interface Halves {
  builtInService: boolean;
  hub: true;
}

export type AppConfig = { process: ProcessSettings } & { [K in keyof Sections]: z.infer<Sections[K]> } & { halves: Halves };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment once; a bad value stops the process with a message naming each variable
 * that is wrong. An empty variable means "not set", as in most deployment tools.
 */
export function loadConfig(source?: NodeJS.ProcessEnv): AppConfig {
  if (source === undefined) {
    const unsupported = unsupportedNodeMessage();
    if (unsupported) throw new ConfigError(unsupported);
    // A process reading its own environment takes `.env` too (an explicit variable wins).
    try {
      applyEnvFile(process.env);
    } catch (error) {
      throw new ConfigError((error as Error).message);
    }
  }
  const env = Object.fromEntries(Object.entries(source ?? process.env).filter(([, value]) => value !== ''));
  const issues: string[] = [];
  const parse = <S extends z.ZodType>(schema: S): z.infer<S> | undefined => {
    const result = schema.safeParse(env);
    if (result.success) return result.data;
    issues.push(...result.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`));
    return undefined;
  };
  const processSettings = parse(ProcessSettings);
  if (!processSettings) throw new ConfigError(`Invalid environment:\n${issues.join('\n')}`);
  const schemas = sectionSchemas(processSettings);
  const sections = Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, parse(schema)]));
  if (issues.length > 0) throw new ConfigError(`Invalid environment:\n${issues.join('\n')}`);
  const config = { process: processSettings, ...sections } as Omit<AppConfig, 'halves'>;
  return { ...config, halves: resolveHalves(config) };
}

function resolveHalves(config: Omit<AppConfig, 'halves'>): Halves {
  const { builtInService: setting } = config.service;
  const { isBuiltIn, baseUrl } = config.upstream;
  if (setting === 'off' && isBuiltIn) {
    // The hub would call an /api this process no longer serves.
    throw new ConfigError(
      `Invalid environment:\n  BUILT_IN_SERVICE: off needs UPSTREAM_BASE_URL (and UPSTREAM_API_KEY) naming another deployment of the API; the hub's upstream is this deployment's own ${baseUrl}, which would not be served`,
    );
  }
  return { builtInService: setting === 'on' || (setting === 'auto' && isBuiltIn), hub: true };
}
