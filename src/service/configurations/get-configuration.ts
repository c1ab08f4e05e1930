import { poolOf } from '../../db.js';
import type { Configuration as ConfigurationRow } from '../../generated/prisma/client.js';
import { AppError } from '../../lib/errors/app-error.js';
import { defineOperation } from '../http/operation.js';
import { toConfigurationWire } from './configuration-wire.js';
import { findConfiguration } from './find-configuration.js';

/**
 * The row as Prisma's Configuration model names and types it (pg decodes timestamptz to a Date,
 * jsonb to values, text[] to an array), read as one prepared statement: get-configuration is a hot
 * single-row read, and Prisma's building and decoding of the query was most of its own CPU.
 */
const selectConfiguration = {
  name: 'svc-get-configuration',
  text: `SELECT id, account_id AS "accountId", tag, vocabulary, extraction_fields AS "extractionFields",
    webhook_success_url AS "webhookSuccessUrl", webhook_error_url AS "webhookErrorUrl", summary,
    custom_summary AS "customSummary", summary_language AS "summaryLanguage",
    analytics_language AS "analyticsLanguage", redaction, created_at AS "createdAt"
  FROM svc_configurations WHERE id = $1::uuid AND account_id = $2::uuid`,
};

/** Overlaps the rate limit: one row by its primary key, no side effect (api-operation-pipeline.ts). */
export const getConfiguration = defineOperation(
  'get-configuration',
  async (input, { accountId, deps }) => {
    const pool = poolOf(deps.db);
    if (!pool) return { configuration: toConfigurationWire(await findConfiguration(deps.db, accountId, input.configuration_id)) };
    const { rows } = await pool.query<ConfigurationRow>({ ...selectConfiguration, values: [input.configuration_id, accountId] });
    const row = rows[0];
    if (!row) throw new AppError('not_found', `Configuration not found: ${input.configuration_id}`);
    return { configuration: toConfigurationWire(row) };
  },
  { overlapsRateLimit: true },
);
