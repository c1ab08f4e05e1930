/**
 * The fake's operations: what each one checks and answers, from the vendor's description. Where
 * the vendor leaves an answer "not shown", the fake answers its own shape, documented here:
 * - create-configuration: 201 `data` is the configuration itself (no `configuration` key, no message).
 * - update-configuration: 200 `data: {configuration_id, updated: [names], configuration}` (no message).
 * - create-evaluator: 201 `data: {evaluator_id, criteria_ids}` (ids only, no evaluator object).
 * - get-participant: 200 `data.participant`, or `data` the participant itself (option `getParticipantShape`).
 * - submit: 202 `data.message`, `data.transcription_id`.
 * - analytics: the fake's own summary (dashboards.ts).
 */
import { accountAnalytics, evaluatorDashboard, participantDashboard, type DateRange } from './dashboards.js';
import type { CriterionRecord, TranscriptionRecord, UpstreamState } from './state.js';
import { configurationWire, evaluatorWire, fullTranscriptionWire, listTranscriptionWire, participantWire } from './wire.js';

export class FakeHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface Answer {
  status: number;
  data: unknown;
}

export interface OperationContext {
  state: UpstreamState;
  getParticipantShape: 'nested' | 'flat';
  /** Starts processing a new IN_PROGRESS transcription. */
  startProcessing(t: TranscriptionRecord): void;
}

type Body = Record<string, unknown>;
type Operation = (body: Body, ctx: OperationContext) => Answer;

const required = (body: Body, field: string): string => {
  const value = body[field];
  if (value === undefined || value === null || value === '') throw new FakeHttpError(400, `Missing required field: ${field}`);
  if (typeof value !== 'string') throw new FakeHttpError(400, `Field ${field} must be a string`);
  return value;
};
const optionalString = (body: Body, field: string): string | null => {
  const value = body[field];
  return typeof value === 'string' && value !== '' ? value : null;
};
const found = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new FakeHttpError(404, `${what} not found`);
  return value;
};
const ok = (data: unknown, status = 200): Answer => ({ status, data });

const day = /^\d{4}-\d{2}-\d{2}$/;
const periodDate = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const formats = new Set(['aac', 'aiff', 'amr', 'asf', 'flac', 'mp3', 'ogg', 'wav', 'webm', 'm4a', 'mp4']);
const groups = new Set(['PENDING_REVIEW', 'UNDER_REVIEW', 'ARCHIVED']);

function dateRange(body: Body): DateRange {
  for (const field of ['start_date', 'end_date']) {
    if (body[field] !== undefined && !(typeof body[field] === 'string' && day.test(body[field])))
      throw new FakeHttpError(400, `${field} must be YYYY-MM-DD`);
  }
  return { start_date: body.start_date as string | undefined, end_date: body.end_date as string | undefined };
}

function criteriaOf(value: unknown): CriterionRecord[] {
  if (!Array.isArray(value)) throw new FakeHttpError(400, 'Missing required field: criteria');
  if (value.length > 10) throw new FakeHttpError(400, 'At most 10 criteria');
  return value.map((raw: Body) => {
    const type = raw.type;
    if (type !== 'boolean' && type !== 'scale' && type !== 'strict')
      throw new FakeHttpError(400, 'Criterion type must be boolean, scale or strict');
    return {
      id: crypto.randomUUID(),
      name: String(raw.name),
      description: typeof raw.description === 'string' ? raw.description : '',
      type,
      weight: type === 'strict' ? 0 : Number(raw.weight ?? 1),
    };
  });
}

export const operations: Record<string, Operation> = {
  'create-configuration'(body, { state }) {
    const tag = required(body, 'tag');
    if (state.configurations.size >= 20) throw new FakeHttpError(400, 'Maximum of 20 configurations per client exceeded');
    const configuration = {
      configuration_id: state.newId(),
      tag,
      vocabulary: Array.isArray(body.vocabulary) ? (body.vocabulary as string[]) : [],
      extraction_fields: Array.isArray(body.extraction_fields)
        ? (body.extraction_fields as { name: string; type: string; description: string }[])
        : [],
      webhooks: (body.webhooks as { success_url: string; error_url: string } | undefined) ?? null,
      summary: body.summary === true,
      custom_summary: optionalString(body, 'custom_summary'),
      summary_language: optionalString(body, 'summary_language') ?? 'en',
      analytics_language: optionalString(body, 'analytics_language') ?? 'en',
      created_at: state.timestamp(),
    };
    state.configurations.set(configuration.configuration_id, configuration);
    return ok(configurationWire(configuration), 201);
  },
  'get-configuration': (body, { state }) =>
    ok({ configuration: configurationWire(found(state.configurations.get(required(body, 'configuration_id')), 'Configuration')) }),
  'list-configurations': (_body, { state }) =>
    ok({ total_configurations: state.configurations.size, configurations: [...state.configurations.values()].map(configurationWire) }),
  'update-configuration'(body, { state }) {
    const configuration = found(state.configurations.get(required(body, 'configuration_id')), 'Configuration');
    const updatable = [
      'tag',
      'vocabulary',
      'extraction_fields',
      'webhooks',
      'summary',
      'custom_summary',
      'summary_language',
      'analytics_language',
    ] as const;
    const updated = updatable.filter((field) => body[field] !== undefined);
    Object.assign(configuration, Object.fromEntries(updated.map((field) => [field, body[field]])));
    return ok({ configuration_id: configuration.configuration_id, updated, configuration: configurationWire(configuration) });
  },
  'create-evaluator'(body, { state }) {
    if (state.evaluators.size >= 20) throw new FakeHttpError(400, 'Maximum of 20 evaluators per client exceeded');
    const evaluator = {
      evaluator_id: state.newId(),
      tag: required(body, 'tag'),
      description: optionalString(body, 'description') ?? '',
      language: optionalString(body, 'language') ?? 'en',
      context: optionalString(body, 'context') ?? '',
      criteria: criteriaOf(body.criteria),
      created_at: state.timestamp(),
    };
    state.evaluators.set(evaluator.evaluator_id, evaluator);
    return ok({ evaluator_id: evaluator.evaluator_id, criteria_ids: evaluator.criteria.map((c) => c.id) }, 201);
  },
  'get-evaluator': (body, { state }) => ok(evaluatorWire(found(state.evaluators.get(required(body, 'evaluator_id')), 'Evaluator'))),
  'list-evaluators'(_body, { state }) {
    const items = [...state.evaluators.values()].reverse().map(evaluatorWire);
    return ok({ items, count: items.length });
  },
  'create-participant'(body, { state }) {
    const tag = required(body, 'tag').trim();
    if (!tag || tag.length > 100) throw new FakeHttpError(400, 'Invalid participant tag');
    if (state.participants.size >= 200) throw new FakeHttpError(400, 'Participant limit reached');
    const metadata = Object.fromEntries(Object.entries((body.metadata as Body | undefined) ?? {}).map(([k, v]) => [k, String(v)]));
    const at = state.timestamp();
    const participant = { participant_id: state.newId(), tag, metadata, created_at: at, updated_at: at };
    state.participants.set(participant.participant_id, participant);
    return ok({ message: 'Participant created', participant: participantWire(participant) }, 201);
  },
  'get-participant'(body, ctx) {
    const participant = participantWire(found(ctx.state.participants.get(required(body, 'participant_id')), 'Participant'));
    return ok(ctx.getParticipantShape === 'nested' ? { participant } : participant);
  },
  'list-participants'(_body, { state }) {
    const items = [...state.participants.values()].map(participantWire);
    return ok({ items, count: items.length });
  },
  submit(body, ctx) {
    const { state } = ctx;
    const configuration = found(state.configurations.get(required(body, 'configuration_id')), 'Configuration');
    const url = required(body, 'url');
    const periodDateValue = optionalString(body, 'period_date');
    if (periodDateValue !== null && !periodDate.test(periodDateValue)) throw new FakeHttpError(400, 'period_date is malformed');
    let extension: string;
    try {
      extension = new URL(url).pathname.split('.').pop()?.toLowerCase() ?? '';
    } catch {
      throw new FakeHttpError(400, 'url must be an absolute URL');
    }
    if (!formats.has(extension)) throw new FakeHttpError(400, 'Unsupported audio format');
    const participantId = optionalString(body, 'participant_id');
    const evaluatorId = optionalString(body, 'evaluator_id');
    const participant = participantId === null ? null : found(state.participants.get(participantId), 'Participant');
    const evaluator = evaluatorId === null ? null : found(state.evaluators.get(evaluatorId), 'Evaluator');
    const t: TranscriptionRecord = {
      transcription_id: state.newId(),
      status: 'IN_PROGRESS',
      configuration_id: configuration.configuration_id,
      configuration_tag: configuration.tag,
      name: optionalString(body, 'name'),
      group: null,
      url,
      duration: null,
      participant_id: participant?.participant_id ?? null,
      participant_tag: participant?.tag ?? null,
      evaluator_id: evaluator?.evaluator_id ?? null,
      evaluator_tag: evaluator?.tag ?? null,
      created_at:
        periodDateValue === null
          ? state.timestamp()
          : new Date(day.test(periodDateValue) ? `${periodDateValue}T00:00:00Z` : periodDateValue).toISOString(),
      completed_at: null,
      segments: null,
      summary: null,
      fields: null,
      evaluation: null,
      failure: null,
    };
    state.transcriptions.set(t.transcription_id, t);
    ctx.startProcessing(t);
    return ok(
      { message: 'Accepted for processing', transcription_id: t.transcription_id, x_queue_position: state.transcriptions.size },
      202,
    );
  },
  'list-transcriptions'(_body, { state }) {
    const all = [...state.transcriptions.values()];
    const count = (status: TranscriptionRecord['status']) => all.filter((t) => t.status === status).length;
    return ok({
      total_transcriptions: all.length,
      query_limit_reached: false,
      statistics: { completed: count('COMPLETED'), failed: count('FAILED'), in_progress: count('IN_PROGRESS') },
      transcriptions: all.map(listTranscriptionWire),
    });
  },
  'get-transcription': (body, { state }) =>
    ok(fullTranscriptionWire(found(state.transcriptions.get(required(body, 'transcription_id')), 'Transcription'))),
  'update-transcription-group'(body, { state }) {
    const t = found(state.transcriptions.get(required(body, 'transcription_id')), 'Transcription');
    const group = body.group;
    if (typeof group !== 'string' || (group !== '' && !groups.has(group))) throw new FakeHttpError(400, 'Invalid group value');
    t.group = group === '' ? null : group;
    return ok({ message: 'Group updated', transcription: fullTranscriptionWire(t) });
  },
  'delete-transcription'(body, { state }) {
    const id = required(body, 'transcription_id');
    found(state.transcriptions.get(id), 'Transcription');
    state.transcriptions.delete(id);
    return ok({ message: 'Transcription deleted' });
  },
  analytics: (body, { state }) => ok(accountAnalytics(state, dateRange(body))),
  'analytics-evaluator'(body, { state }) {
    const evaluator = found(state.evaluators.get(required(body, 'evaluator_id')), 'Evaluator');
    return ok(evaluatorDashboard(state, evaluator, dateRange(body)));
  },
  'analytics-participant'(body, { state }) {
    const participant = found(state.participants.get(required(body, 'participant_id')), 'Participant');
    return ok(participantDashboard(state, participant.participant_id, dateRange(body)));
  },
};
