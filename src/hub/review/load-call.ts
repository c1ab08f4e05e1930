import type {
  HubAlert,
  HubAuditEvent,
  HubCriterionResult,
  HubReviewNote,
  HubReviewOverride,
  HubTranscription,
} from '../../generated/prisma/client.js';
import type { CallBundle } from './read-call-bundle.js';
import { effectiveEvaluation, type EffectiveEvaluation } from './effective-scoring.js';
import { formatGroup } from '../console/ui/layout.js';

export interface Turn {
  speaker: string;
  text: string;
  start: number | null;
}

export interface CallHistoryItem {
  at: Date;
  what: string;
  who: string | null;
}

export interface CallView {
  transcription: HubTranscription;
  results: HubCriterionResult[];
  overrides: Map<string, HubReviewOverride & { userEmail: string | null }>;
  notes: (HubReviewNote & { userEmail: string | null })[];
  effective: EffectiveEvaluation;
  turns: Turn[];
  history: CallHistoryItem[];
}

/** The conversation's segments, consecutive ones of the same speaker joined into one turn. */
export function toTurns(conversation: unknown): Turn[] {
  const segments = (conversation as { segments?: unknown } | null)?.segments;
  if (!Array.isArray(segments)) return [];
  const turns: Turn[] = [];
  for (const segment of segments as { speaker?: unknown; text?: unknown; start?: unknown }[]) {
    const speaker = typeof segment.speaker === 'string' ? segment.speaker : '?';
    const text = typeof segment.text === 'string' ? segment.text : '';
    const last = turns.at(-1);
    if (last && last.speaker === speaker) last.text = `${last.text} ${text}`.trim();
    else turns.push({ speaker, text, start: typeof segment.start === 'number' ? segment.start : null });
  }
  return turns;
}

/** One history line for an alert, a sentence whatever its status (the log notifier's channel is `log`). */
export function describeAlert(alert: Pick<HubAlert, 'kind' | 'status' | 'channel'>): string {
  const kind = alert.kind.replaceAll('_', '-');
  const channel = alert.channel && alert.channel !== 'log' ? alert.channel : null;
  switch (alert.status) {
    case 'sent':
      return `Slack ${kind} alert sent${channel ? ` to ${channel}` : ''}`;
    case 'delivered_to_log':
      return `Slack ${kind} alert written to the hub's log (no SLACK_BOT_TOKEN, so not posted to Slack)`;
    case 'failed':
      return `Slack ${kind} alert failed${channel ? ` (to ${channel})` : ''}`;
    case 'pending':
    case 'sending':
      return `Slack ${kind} alert waiting to be sent${channel ? ` to ${channel}` : ''}`;
    default:
      return `Slack ${kind} alert ${alert.status.replaceAll('_', ' ')}${channel ? ` (${channel})` : ''}`;
  }
}

/** One history line for an audit event. */
export function describeEvent(e: Pick<HubAuditEvent, 'kind' | 'before' | 'after'>): string {
  const before = (e.before ?? {}) as Record<string, unknown>;
  const after = (e.after ?? {}) as Record<string, unknown>;
  const groupOf = (v: unknown) => (typeof v === 'string' ? v : null);
  const fmt = (v: unknown) => (v === null || v === undefined ? 'none' : typeof v === 'string' ? v : JSON.stringify(v));
  switch (e.kind) {
    case 'group_move':
      return `Group moved from ${formatGroup(groupOf(before.group))} to ${formatGroup(groupOf(after.group))}`;
    case 'override':
      return `Override of “${fmt(after.criterion)}”: AI ${fmt(before.ai)}${before.override ? `, was ${fmt(before.override)}` : ''} → ${fmt(after.override)} (“${fmt(after.reason)}”); score ${fmt(after.score)}, critical fail ${fmt(after.critical_fail)}`;
    case 'override_cleared':
      return `Override of “${fmt(after.criterion)}” removed (was ${fmt(before.override)}; back to AI ${fmt(after.ai)}): “${fmt(after.reason)}”`;
    case 'note':
      return 'Note added';
    case 'dispute_opened':
      return `Dispute of “${fmt(after.criterion)}” opened: ${fmt(before.verdict)} → proposed ${fmt(after.proposed)} (“${fmt(after.reason)}”)`;
    case 'dispute_resolved':
      return `Dispute of “${fmt(before.criterion)}” ${fmt(after.status).replace('_', ' ')}${after.verdict ? `: verdict ${fmt(after.verdict)}` : ''} (“${fmt(after.note)}”)`;
    case 'coaching_note':
      return `Coaching note on “${fmt(after.criterion)}”`;
    case 'coaching_acknowledged':
      return 'Coaching note acknowledged';
    default:
      return e.kind;
  }
}

/** What the call view shows of the call (its verdicts, turns and history), from its bundle (read-call-bundle.ts). */
export function callViewOf(bundle: CallBundle): CallView {
  const { transcription, results, overrides, notes, events, alerts } = bundle;
  const history: CallHistoryItem[] = [{ at: transcription.firstMirroredAt, what: 'First mirrored into the hub', who: null }];
  if (transcription.mirroredAt.getTime() !== transcription.firstMirroredAt.getTime())
    history.push({ at: transcription.mirroredAt, what: 'Last mirrored', who: null });
  for (const alert of alerts) {
    history.push({ at: alert.sentAt ?? alert.createdAt, what: describeAlert(alert), who: null });
  }
  if (transcription.deletedAt) history.push({ at: transcription.deletedAt, what: 'Deleted upstream', who: null });
  for (const e of events) history.push({ at: e.createdAt, what: describeEvent(e), who: e.actor });
  history.sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    transcription,
    results,
    overrides: new Map(overrides.map((o) => [o.criterionId, o])),
    notes,
    effective: effectiveEvaluation(transcription, results, new Map(overrides.map((o) => [o.criterionId, o.value]))),
    turns: toTurns(transcription.conversation),
    history,
  };
}
