import { z } from 'zod';
import { requestObject } from './request-object.js';
import { redactionAnswerFields, redactionFields } from './redaction-fields.js';
import { HttpUrl, Id, LanguageCode, Tag, Text, Timestamp, limitedArray, nullable } from './common.js';

export const maxConfigurationsPerAccount = 20;
export const maxExtractionFields = 10;
export const extractionFieldTypes = ['string', 'number', 'boolean', 'date'] as const;

export const ExtractionField = z.looseObject({
  name: z.string(),
  type: z.string(),
  description: z.string(),
});

export const Webhooks = z.looseObject({
  success_url: z.string(),
  error_url: z.string(),
});

export const Configuration = z.looseObject({
  client_id: z.string(),
  configuration_id: Id,
  tag: z.string(),
  vocabulary: z.array(z.string()),
  extraction_fields: z.array(ExtractionField),
  webhooks: nullable(Webhooks),
  summary: z.boolean(),
  custom_summary: nullable(z.string()),
  summary_language: z.string(),
  analytics_language: z.string(),
  ...redactionAnswerFields,
  created_at: Timestamp,
});
export type Configuration = z.output<typeof Configuration>;

// ── requests ──

export const ExtractionFieldInput = requestObject({
  name: z.string().trim().min(1, { error: 'must not be empty' }).max(100, { error: 'must be at most 100 characters' }),
  type: z.enum(extractionFieldTypes, { error: `expected one of ${extractionFieldTypes.join(', ')}` }),
  description: Text(1000).default(''),
});

const ExtractionFieldsInput = limitedArray(
  ExtractionFieldInput,
  maxExtractionFields,
  `Maximum of ${maxExtractionFields} extraction fields per configuration exceeded`,
).refine((fields) => new Set(fields.map((f) => f.name)).size === fields.length, {
  error: 'field names must be unique',
});

export const WebhooksInput = requestObject({ success_url: HttpUrl, error_url: HttpUrl });

const Vocabulary = z
  .array(z.string().trim().min(1, { error: 'must not be empty' }).max(100, { error: 'must be at most 100 characters' }))
  .max(500, { error: 'must have at most 500 terms' });

const configurationSettings = {
  vocabulary: Vocabulary,
  extraction_fields: ExtractionFieldsInput,
  webhooks: WebhooksInput.nullable(),
  summary: z.boolean(),
  custom_summary: Text(2000).nullable(),
  summary_language: LanguageCode,
  analytics_language: LanguageCode,
};

export const CreateConfigurationRequest = requestObject({
  tag: Tag,
  vocabulary: configurationSettings.vocabulary.default([]),
  extraction_fields: configurationSettings.extraction_fields.default([]),
  webhooks: configurationSettings.webhooks.default(null),
  summary: configurationSettings.summary.default(false),
  custom_summary: configurationSettings.custom_summary.default(null),
  summary_language: configurationSettings.summary_language.default('df'),
  analytics_language: configurationSettings.analytics_language.default('df'),
  ...redactionFields,
});
export type CreateConfigurationRequest = z.input<typeof CreateConfigurationRequest>;

export const ConfigurationIdRequest = requestObject({ configuration_id: Id });
export type ConfigurationIdRequest = z.input<typeof ConfigurationIdRequest>;

/** Any subset of the settings; omitted ones stay unchanged. */
export const UpdateConfigurationRequest = requestObject({
  configuration_id: Id,
  tag: Tag.optional(),
  vocabulary: configurationSettings.vocabulary.optional(),
  extraction_fields: configurationSettings.extraction_fields.optional(),
  webhooks: configurationSettings.webhooks.optional(),
  summary: configurationSettings.summary.optional(),
  custom_summary: configurationSettings.custom_summary.optional(),
  summary_language: configurationSettings.summary_language.optional(),
  analytics_language: configurationSettings.analytics_language.optional(),
  ...redactionFields,
});
export type UpdateConfigurationRequest = z.input<typeof UpdateConfigurationRequest>;

// ── responses (the `data` member) ──

export const ConfigurationWithMessage = z.looseObject({ message: z.string(), configuration: Configuration });
export const GetConfigurationResponse = z.looseObject({ configuration: Configuration });
export const ListConfigurationsResponse = z.looseObject({
  total_configurations: z.number().int(),
  configurations: z.array(Configuration),
});
