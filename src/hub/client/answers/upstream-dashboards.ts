/**
 * The two dashboards as the hub reads them from any deployment (docs/hub-client.md, "Reading
 * answers"): the contract's shapes, except `raw_data[].date`. The description types it
 * "timestamp" but promises an offset only for the timestamps it names (`created_at`,
 * `completed_at`, `updated_at`, evaluation `generated_at`), so here any ISO 8601 date-time is
 * read, with or without an offset, and kept as sent.
 */
import { z } from 'zod';
import { EvaluatorDashboard, ParticipantDashboard } from '../../../contract/analytics.js';

/** Date, `T`, hour:minute, optional seconds and fraction, optional offset (`Z`, `±hh`, `±hhmm`, `±hh:mm`). */
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const RawDataDate = z.string().regex(isoDateTime, { error: 'expected an ISO 8601 date-time' });

export const UpstreamEvaluatorDashboard = EvaluatorDashboard.extend({
  raw_data: z.array(EvaluatorDashboard.shape.raw_data.element.extend({ date: RawDataDate })),
});

export const UpstreamParticipantDashboard = ParticipantDashboard.extend({
  raw_data: z.array(ParticipantDashboard.shape.raw_data.element.extend({ date: RawDataDate })),
});
