import type { Configuration } from '../../contract/configurations.js';
import type { Configuration as ConfigurationRow } from '../../generated/prisma/client.js';
import { formatTimestamp } from '../format-timestamp.js';
import { storedRedaction } from './configuration-redaction.js';

export function toConfigurationWire(row: ConfigurationRow): Configuration {
  return {
    client_id: row.accountId,
    configuration_id: row.id,
    tag: row.tag,
    vocabulary: row.vocabulary,
    extraction_fields: row.extractionFields as Configuration['extraction_fields'],
    webhooks: row.webhookSuccessUrl && row.webhookErrorUrl ? { success_url: row.webhookSuccessUrl, error_url: row.webhookErrorUrl } : null,
    summary: row.summary,
    custom_summary: row.customSummary,
    summary_language: row.summaryLanguage,
    analytics_language: row.analyticsLanguage,
    // Extension members only when set, so a vendor client sees the vendor's answer.
    ...storedRedaction(row.redaction),
    created_at: formatTimestamp(row.createdAt),
  };
}
