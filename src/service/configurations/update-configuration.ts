import type { Prisma } from '../../generated/prisma/client.js';
import { defineOperation } from '../http/operation.js';
import { assertWebhookUrlsAllowed } from '../webhooks/check-webhook-urls.js';
import { redactionMembersSet, storedRedaction } from './configuration-redaction.js';
import { toConfigurationWire } from './configuration-wire.js';
import { findConfiguration } from './find-configuration.js';
import { orNotFound } from '../not-found.js';

/** Fields sent replace the stored ones; omitted fields stay unchanged (the redaction members one by one too). */
export const updateConfiguration = defineOperation('update-configuration', async (input, { accountId, deps }) => {
  assertWebhookUrlsAllowed(input.webhooks, deps.settings.processing);
  const data: Prisma.ConfigurationUpdateInput = {
    tag: input.tag,
    vocabulary: input.vocabulary,
    extractionFields: input.extraction_fields,
    summary: input.summary,
    customSummary: input.custom_summary,
    summaryLanguage: input.summary_language,
    analyticsLanguage: input.analytics_language,
  };
  if (input.webhooks !== undefined) {
    data.webhookSuccessUrl = input.webhooks?.success_url ?? null;
    data.webhookErrorUrl = input.webhooks?.error_url ?? null;
  }
  const redaction = redactionMembersSet(input);
  const row = await deps.db.$transaction(async (tx) => {
    if (redaction) {
      const current = await findConfiguration(tx, accountId, input.configuration_id);
      data.redaction = { ...storedRedaction(current.redaction), ...redaction };
    }
    return orNotFound(
      tx.configuration.update({ where: { id: input.configuration_id, accountId }, data }),
      `Configuration not found: ${input.configuration_id}`,
    );
  });
  return { message: 'Configuration updated successfully', configuration: toConfigurationWire(row) };
});
