/** Small helpers for Block Kit text: escaping, Slack's length limits, and how values read. */

/** Slack mrkdwn treats &, < and > as control characters. */
export const escapeMrkdwn = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Cuts text to Slack's limit for a field (section text 3,000, header 150, button 75). */
export const truncate = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** 125.5 → "2:06"; an hour or more → "1:02:03". */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** "2026-02-03 14:30 UTC" (the recording date as the upstream gives it). */
export const formatRecordedAt = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export const formatScore = (score: number | null) => (score === null ? 'no score' : `${Number(score.toFixed(2))} / 100`);

/** A group as people read it: "Pending review", or "No group". */
export function formatGroup(group: string | null): string {
  if (group === null) return 'No group';
  return group.charAt(0) + group.slice(1).toLowerCase().replaceAll('_', ' ');
}

/** The console's call view of a transcription (sign-in first if needed, then back to the call). */
export const consoleCallUrl = (publicBaseUrl: string, transcriptionId: string) => `${publicBaseUrl}/console/calls/${transcriptionId}`;
