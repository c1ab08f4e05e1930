/**
 * The one place that reads the environment. Every value has an embedded default, so
 * `npm start` needs no environment at all: PostgreSQL and Redis on 127.0.0.1, port 3000.
 * Only entry and wiring files call loadConfig(); everything else takes settings as parameters.
 */
import { readFileSync } from 'node:fs';
import cron from 'node-cron';
import { z } from 'zod';

const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** The address users and webhooks reach this process at; defaults to http://localhost:PORT. */
  PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgresql://postgres@127.0.0.1:5432/convoqa'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  LOG_LEVEL: LogLevel.default('info'),
  /** Largest JSON body the API accepts, in bytes. */
  API_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /**
   * Test-only: multiplies every per-minute rate and burst of the built-in service and of the hub's
   * client pacing by the same factor, so rate-limit benchmarks stay short. Keep 1 in production.
   */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Where recordings wait for processing (the folder storage). */
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * Whether recording URLs and webhook receivers may resolve to loopback, private, link-local
   * or metadata addresses. Default: allowed except when NODE_ENV=production.
   */
  ALLOW_PRIVATE_NETWORK: z.stringbool().optional(),
  /** Comma-separated host names that may be private even when private addresses are not allowed. */
  ALLOW_PRIVATE_HOSTS: z.string().default(''),
  /** BullMQ key prefix in Redis. */
  QUEUE_PREFIX: z.string().regex(/^[\w-]+$/).default('convoqa'),
  /** Recordings one worker process handles at once (CPU-bound: about one per core). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * How long a job's lock lasts without renewal; a worker killed mid-job has its job retried
   * after this. Lower it only in tests.
   */
  WORKER_LOCK_DURATION_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** Speech-to-text and language engines: `local` (offline, default) or `openai` (any compatible endpoint). */
  ENGINE: z.enum(['local', 'openai']).default('local'),
  ENGINE_OPENAI_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.openai.com/v1'),
  ENGINE_OPENAI_API_KEY: z.string().optional(),
  ENGINE_OPENAI_STT_MODEL: z.string().default('whisper-1'),
  ENGINE_OPENAI_CHAT_MODEL: z.string().default('gpt-4o-mini'),
  ENGINE_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /**
   * The Conversation API the hub calls: the vendor's deployment, or (the default) the built-in one
   * served by this deployment at PUBLIC_BASE_URL/api.
   */
  UPSTREAM_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Its API key. Optional for the built-in upstream: the hub then provisions its own key. */
  UPSTREAM_API_KEY: z.string().trim().min(1).optional(),
  /** Time-out of one attempt of an upstream call, in milliseconds. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * The upstream's Standard Webhooks signing secret (`whsec_…`). When set, the receiver accepts only
   * signed webhooks. Unset with the built-in upstream: the secret of the hub's own account is used.
   */
  HUB_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/, { error: 'expected whsec_ followed by base64' }).optional(),
  /** The secret token in the receiver URLs (for an upstream that does not sign). Default: generated once. */
  HUB_WEBHOOK_TOKEN: z.string().min(24).max(200).optional(),
  /** Largest webhook body the receiver reads. */
  HUB_WEBHOOK_BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(65_536),
  /** The admin API's bearer token. Unset: generated once, kept in hub_settings, printed at start. */
  ADMIN_TOKEN: z.string().min(24, { error: 'must be at least 24 characters' }).optional(),
  /** When reconciliation runs (node-cron, UTC). */
  HUB_RECONCILE_CRON: z.string().default('*/5 * * * *'),
  /** Scheduled analytics reports (the clock plans them daily; the worker pulls and exports). */
  REPORTS_ENABLED: z.stringbool().default(true),
  /** Which scheduled reports to make, comma-separated. */
  REPORTS_SCHEDULES: z
    .string()
    .default('account-monthly,evaluator-weekly,participant-monthly')
    .transform((value) => value.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(['account-monthly', 'evaluator-weekly', 'participant-monthly']))),
  /** When the clock runs the planner (node-cron, UTC). */
  REPORTS_PLAN_CRON: z.string().min(1).default('30 0 * * *'),
  /** Calls of each monthly quota kept back for on-demand pulls: scheduled reports never use them. */
  REPORTS_ON_DEMAND_RESERVE_ANALYTICS: z.coerce.number().int().min(0).max(30).default(5),
  REPORTS_ON_DEMAND_RESERVE_ANALYTICS_EVALUATOR: z.coerce.number().int().min(0).max(500).default(50),
  REPORTS_ON_DEMAND_RESERVE_ANALYTICS_PARTICIPANT: z.coerce.number().int().min(0).max(500).default(50),
  /** Google Sheets export: the spreadsheet, and a service account's JSON key (content or file). */
  SHEETS_SPREADSHEET_ID: z.string().trim().min(1).optional(),
  SHEETS_CREDENTIALS_JSON: z.string().trim().min(1).optional(),
  SHEETS_CREDENTIALS_FILE: z.string().trim().min(1).optional(),
  /** The Sheets API's root (tests point it at a fake). */
  SHEETS_ROOT_URL: z.url({ protocol: /^https?$/ }).default('https://sheets.googleapis.com/'),
  /** Largest body of one values write; the API refuses 10 MB. */
  SHEETS_MAX_REQUEST_BYTES: z.coerce.number().int().min(100_000).max(10_000_000).default(8_000_000),
  /** Time-out of one Sheets request, in milliseconds. */
  SHEETS_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** Where reports are written as CSV when no Sheets credentials are configured. */
  EXPORTS_DIR: z.string().min(1).default('./exports'),
  /**
   * The Slack app's bot token (`xoxb-…`). Unset (the embedded default): alerts and digests are
   * written to the log and their outbox rows end `delivered_to_log`.
   */
  SLACK_BOT_TOKEN: z.string().trim().min(1).optional(),
  /** Verifies the interactivity endpoint's requests (POST /slack/interactions); unset refuses them all. */
  SLACK_SIGNING_SECRET: z.string().trim().min(1).optional(),
  /** Where alerts and digests go unless an evaluator has its own channel (id or name); required with a bot token. */
  SLACK_DEFAULT_CHANNEL: z.string().trim().min(1).optional(),
  /** Per-evaluator channels, a JSON object evaluator_id → channel; routes set through the admin API win. */
  SLACK_EVALUATOR_CHANNELS: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'expected a JSON object of evaluator_id to channel' });
        return z.NEVER;
      }
    })
    .pipe(z.record(z.uuid().transform((id) => id.toLowerCase()), z.string().trim().min(1)))
    .default({}),
  /** Slack's Web API base URL (a proxy, or a fake in tests). */
  SLACK_API_URL: z.url({ protocol: /^https?$/ }).default('https://slack.com/api/'),
  /** Time-out of one Slack API call, in milliseconds (well under the lease a worker holds on an alert). */
  SLACK_TIMEOUT_MS: z.coerce.number().int().positive().max(30_000).default(10_000),
  /**
   * How long a worker holds an alert it is sending: a worker that dies holding one delays that
   * alert this long. At least twice SLACK_TIMEOUT_MS, so a live worker never loses it mid-post.
   */
  SLACK_ALERT_LEASE_MS: z.coerce.number().int().min(1_000).default(60_000),
  /** When the pending-review digest is posted (node-cron expression) and in which IANA time zone. */
  SLACK_DIGEST_CRON: z.string().refine((value) => cron.validate(value), { error: 'expected a cron expression' }).default('0 9 * * 1-5'),
  SLACK_DIGEST_TIMEZONE: z.string().refine(isTimeZone, { error: 'expected an IANA time zone such as Europe/Madrid' }).default('UTC'),
  /** Transcriptions listed per evaluator in the digest (the rest are counted: "and N more"). */
  SLACK_DIGEST_MAX_PER_EVALUATOR: z.coerce.number().int().min(1).max(25).default(10),
  /**
   * A critical fail that completed longer ago than this raises no alert when the hub first sees it
   * (a hub started on an existing account must not post its history); it still shows in the digest.
   */
  SLACK_ALERT_MAX_AGE_HOURS: z.coerce.number().positive().default(168),
});

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  publicBaseUrl: string;
  databaseUrl: string;
  redisUrl: string;
  logLevel: Env['LOG_LEVEL'];
  apiBodyLimitBytes: number;
  rateLimitScale: number;
  dataDir: string;
  allowPrivateNetwork: boolean;
  allowedPrivateHosts: string[];
  queuePrefix: string;
  workerConcurrency: number;
  workerLockDurationMs: number;
  engine: EngineConfig;
  upstream: UpstreamConfig;
  hubWebhooks: { secret: string | null; token: string | null; bodyLimitBytes: number; reconcileCron: string };
  adminToken: string | null;
  reports: ReportsConfig;
  slack: SlackConfig;
}

export interface SlackConfig {
  /** Null: the log notifier (the embedded default). */
  botToken: string | null;
  signingSecret: string | null;
  defaultChannel: string | null;
  evaluatorChannels: Record<string, string>;
  apiUrl: string;
  timeoutMs: number;
  /** How long a sending worker holds an alert (alert-outbox.ts). */
  alertLeaseMs: number;
  digestCron: string;
  digestTimezone: string;
  digestMaxPerEvaluator: number;
  alertMaxAgeMs: number;
}

export type ReportSchedule = 'account-monthly' | 'evaluator-weekly' | 'participant-monthly';

export interface ReportsConfig {
  enabled: boolean;
  schedules: ReportSchedule[];
  planCron: string;
  /** Calls per analytics operation and month kept for on-demand pulls. */
  onDemandReserve: { analytics: number; 'analytics-evaluator': number; 'analytics-participant': number };
  export: ReportExportConfig;
}

/** A Google service account's JSON key (the members the hub uses). */
export const ServiceAccountKey = z.looseObject({
  type: z.literal('service_account'),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.url().optional(),
});
export type ServiceAccountKey = z.infer<typeof ServiceAccountKey>;

export type ReportExportConfig =
  | {
      kind: 'sheets';
      spreadsheetId: string;
      credentials: ServiceAccountKey;
      rootUrl: string;
      maxRequestBytes: number;
      timeoutMs: number;
    }
  | { kind: 'csv'; dir: string };

export interface UpstreamConfig {
  baseUrl: string;
  /** Null: the hub provisions its own (built-in upstream only; checked when the client is first needed). */
  apiKey: string | null;
  timeoutMs: number;
  /** The upstream is this deployment's own /api (so the hub may provision its key there). */
  isBuiltIn: boolean;
}

export type EngineConfig =
  | { kind: 'local' }
  | { kind: 'openai'; baseUrl: string; apiKey: string; sttModel: string; chatModel: string; timeoutMs: number };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once; a bad value stops the process with a message naming it. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const builtInApi = `${publicBaseUrl}/api`;
  const upstreamBaseUrl = (env.UPSTREAM_BASE_URL ?? builtInApi).replace(/\/+$/, '');
  const isBuiltIn = upstreamBaseUrl === builtInApi;
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicBaseUrl,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    apiBodyLimitBytes: env.API_BODY_LIMIT_BYTES,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    dataDir: env.DATA_DIR,
    allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK ?? env.NODE_ENV !== 'production',
    allowedPrivateHosts: env.ALLOW_PRIVATE_HOSTS.split(',').map((h) => h.trim()).filter(Boolean),
    queuePrefix: env.QUEUE_PREFIX,
    workerConcurrency: env.WORKER_CONCURRENCY,
    workerLockDurationMs: env.WORKER_LOCK_DURATION_MS,
    engine: engineConfig(env),
    upstream: {
      baseUrl: upstreamBaseUrl,
      apiKey: env.UPSTREAM_API_KEY ?? null,
      timeoutMs: env.UPSTREAM_TIMEOUT_MS,
      isBuiltIn,
    },
    hubWebhooks: {
      secret: env.HUB_WEBHOOK_SECRET ?? null,
      token: env.HUB_WEBHOOK_TOKEN ?? null,
      bodyLimitBytes: env.HUB_WEBHOOK_BODY_LIMIT_BYTES,
      reconcileCron: env.HUB_RECONCILE_CRON,
    },
    adminToken: env.ADMIN_TOKEN ?? null,
    reports: {
      enabled: env.REPORTS_ENABLED,
      schedules: env.REPORTS_SCHEDULES,
      planCron: env.REPORTS_PLAN_CRON,
      onDemandReserve: {
        analytics: env.REPORTS_ON_DEMAND_RESERVE_ANALYTICS,
        'analytics-evaluator': env.REPORTS_ON_DEMAND_RESERVE_ANALYTICS_EVALUATOR,
        'analytics-participant': env.REPORTS_ON_DEMAND_RESERVE_ANALYTICS_PARTICIPANT,
      },
      export: reportExportConfig(env),
    },
    slack: slackConfig(env),
  };
}

/** Sheets when a spreadsheet and credentials are set; CSV files otherwise (the embedded default). */
function reportExportConfig(env: Env): ReportExportConfig {
  const fail = (message: string) => new ConfigError(`Invalid environment:\n  ${message}`);
  if (env.SHEETS_CREDENTIALS_JSON && env.SHEETS_CREDENTIALS_FILE) {
    throw fail('SHEETS_CREDENTIALS_JSON, SHEETS_CREDENTIALS_FILE: set one, not both');
  }
  const credentialsVariable = env.SHEETS_CREDENTIALS_JSON ? 'SHEETS_CREDENTIALS_JSON' : 'SHEETS_CREDENTIALS_FILE';
  const hasCredentials = Boolean(env.SHEETS_CREDENTIALS_JSON ?? env.SHEETS_CREDENTIALS_FILE);
  if (!env.SHEETS_SPREADSHEET_ID && !hasCredentials) return { kind: 'csv', dir: env.EXPORTS_DIR };
  if (!env.SHEETS_SPREADSHEET_ID) throw fail(`SHEETS_SPREADSHEET_ID: required with ${credentialsVariable}`);
  if (!hasCredentials) throw fail('SHEETS_CREDENTIALS_JSON or SHEETS_CREDENTIALS_FILE: required with SHEETS_SPREADSHEET_ID');
  let text: string;
  try {
    text = env.SHEETS_CREDENTIALS_JSON ?? readFileSync(env.SHEETS_CREDENTIALS_FILE as string, 'utf8');
  } catch (error) {
    throw fail(`SHEETS_CREDENTIALS_FILE: cannot read ${env.SHEETS_CREDENTIALS_FILE} (${(error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw fail(`${credentialsVariable}: not JSON`);
  }
  const key = ServiceAccountKey.safeParse(json);
  if (!key.success) {
    // Never echo the key: name the members that are wrong, not their values.
    throw fail(`${credentialsVariable}: not a service account key (${key.error.issues.map((i) => i.path.join('.') || 'root').join(', ')})`);
  }
  return {
    kind: 'sheets',
    spreadsheetId: env.SHEETS_SPREADSHEET_ID,
    credentials: key.data,
    rootUrl: env.SHEETS_ROOT_URL,
    maxRequestBytes: env.SHEETS_MAX_REQUEST_BYTES,
    timeoutMs: env.SHEETS_TIMEOUT_MS,
  };
}

function slackConfig(env: Env): SlackConfig {
  if (env.SLACK_BOT_TOKEN && !env.SLACK_DEFAULT_CHANNEL) {
    throw new ConfigError('Invalid environment:\n  SLACK_DEFAULT_CHANNEL: required when SLACK_BOT_TOKEN is set');
  }
  if (env.SLACK_ALERT_LEASE_MS < 2 * env.SLACK_TIMEOUT_MS) {
    throw new ConfigError('Invalid environment:\n  SLACK_ALERT_LEASE_MS: must be at least twice SLACK_TIMEOUT_MS');
  }
  return {
    botToken: env.SLACK_BOT_TOKEN ?? null,
    signingSecret: env.SLACK_SIGNING_SECRET ?? null,
    defaultChannel: env.SLACK_DEFAULT_CHANNEL ?? null,
    evaluatorChannels: env.SLACK_EVALUATOR_CHANNELS,
    apiUrl: env.SLACK_API_URL.endsWith('/') ? env.SLACK_API_URL : `${env.SLACK_API_URL}/`,
    timeoutMs: env.SLACK_TIMEOUT_MS,
    alertLeaseMs: env.SLACK_ALERT_LEASE_MS,
    digestCron: env.SLACK_DIGEST_CRON,
    digestTimezone: env.SLACK_DIGEST_TIMEZONE,
    digestMaxPerEvaluator: env.SLACK_DIGEST_MAX_PER_EVALUATOR,
    alertMaxAgeMs: env.SLACK_ALERT_MAX_AGE_HOURS * 3_600_000,
  };
}

function engineConfig(env: Env): EngineConfig {
  if (env.ENGINE === 'local') return { kind: 'local' };
  if (!env.ENGINE_OPENAI_API_KEY) throw new ConfigError('Invalid environment:\n  ENGINE_OPENAI_API_KEY: required when ENGINE=openai');
  return {
    kind: 'openai',
    baseUrl: env.ENGINE_OPENAI_BASE_URL.replace(/\/$/, ''),
    apiKey: env.ENGINE_OPENAI_API_KEY,
    sttModel: env.ENGINE_OPENAI_STT_MODEL,
    chatModel: env.ENGINE_OPENAI_CHAT_MODEL,
    timeoutMs: env.ENGINE_TIMEOUT_MS,
  };
}
