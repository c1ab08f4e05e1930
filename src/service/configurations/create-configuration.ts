import { Prisma } from '../../generated/prisma/client.js';
import { maxConfigurationsPerAccount } from '../../contract/configurations.js';
import { AppError } from '../../lib/errors/app-error.js';
import { lockAccount } from '../accounts/lock-account.js';
import { defineOperation } from '../http/operation.js';
import { assertWebhookUrlsAllowed } from '../webhooks/check-webhook-urls.js';
import { redactionMembersSet } from './configuration-redaction.js';
import { toConfigurationWire } from './configuration-wire.js';

export const createConfiguration = defineOperation('create-configuration', async (input, { accountId, deps }) => {
  assertWebhookUrlsAllowed(input.webhooks, deps.settings.processing);
  const row = await deps.db.$transaction(async (tx) => {
    await lockAccount(tx, accountId);
    if ((await tx.configuration.count({ where: { accountId } })) >= maxConfigurationsPerAccount) {
      throw new AppError('limit_exceeded', `Maximum of ${maxConfigurationsPerAccount} configurations per client exceeded`);
    }
    return tx.configuration.create({
      data: {
        accountId,
        tag: input.tag,
        vocabulary: input.vocabulary,
        extractionFields: input.extraction_fields,
        webhookSuccessUrl: input.webhooks?.success_url ?? null,
        webhookErrorUrl: input.webhooks?.error_url ?? null,
        summary: input.summary,
        customSummary: input.custom_summary,
        summaryLanguage: input.summary_language,
        analyticsLanguage: input.analytics_language,
        redaction: redactionMembersSet(input) ?? Prisma.DbNull,
      },
    });
  });
  return { message: 'Configuration created successfully', configuration: toConfigurationWire(row) };
});
