import type { Configuration } from '../../contract/configurations.js';
import type { Configuration as ConfigurationRow } from '../../generated/prisma/client.js';
import { formatTimestamp } from '../format-timestamp.js';

export function toConfigurationWire(row: ConfigurationRow): Configuration {
  return {
    client_id: row.accountId,
    configuration_id: row.id,
    tag: row.tag,
    vocabulary: row.vocabulary,
    extraction_fields: row.extractionFields as Configuration['extraction_fields'],
    webhooks:
      row.webhookSuccessUrl && row.webhookErrorUrl
        ? { success_url: row.webhookSuccessUrl, error_url: row.webhookErrorUrl }
        : null,
    summary: row.summary,
    custom_summary: row.customSummary,
    summary_language: row.summaryLanguage,
    analytics_language: row.analyticsLanguage,
    created_at: formatTimestamp(row.createdAt),
  };
}
