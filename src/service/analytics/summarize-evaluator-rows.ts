import type { z } from 'zod';
import type { DurationInsights, Heatmap, Kpis, PeerStats, ScoreDistribution, TimelinePoint } from '../../contract/analytics.js';
import { meanOf, nearestRankOf, percentOf, round2, roundOrNull } from './numbers.js';
import { isPass } from './pass-rule.js';
import { comparePeers, computeConsistency } from './peers-table.js';
import { participantTailOf, rawDataEntryText } from './raw-data-entry-text.js';
import type { EvaluatorRow } from './read-evaluator-rows.js';
import { dayOf, hourOf, weekdayOf } from './utc-instant.js';

/** The members of the evaluator dashboard computed from its rows, raw_data already as JSON text. */
export interface EvaluatorRowSummary {
  kpis: z.output<typeof Kpis>;
  timeline: z.output<typeof TimelinePoint>[];
  heatmap: z.output<typeof Heatmap>;
  scoreDistribution: z.output<typeof ScoreDistribution>;
  durationInsights: z.output<typeof DurationInsights>;
  participants: z.output<typeof PeerStats>[];
  /** The raw_data array's text in pieces (a few hundred entries each), to be written in order. */
  rawDataPieces: string[];
}

const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const weekOrder = [1, 2, 3, 4, 5, 6, 0];
const entriesPerPiece = 500;
const noParticipantTail = participantTailOf(null, null);

/**
 * Appends a batch of raw_data entries' texts to the array's text: joined a few hundred at a time
 * (a flat string that encodes fast), without one 6 MB string.
 */
function pushEntries(pieces: string[], batch: string[]): void {
  if (batch.length === 0) return;
  if (pieces.length > 1) pieces.push(',');
  pieces.push(batch.join(','));
}

interface PeerAccumulator {
  tag: string | null;
  /** raw_data's text after failed_criteria for this participant's rows. */
  tail: string;
  scores: number[];
  critical: number;
  durationSum: number;
}

/**
 * One pass over the selection (newest first) computing what heatmap.ts, timeline.ts,
 * compute-kpis.ts, score-distribution.ts, duration-insights.ts and peers-table.ts compute (each
 * over every row), with every sum added in the same row order so the floating-point results are
 * bit-identical, and raw_data's entries (raw-data.ts's members and order) written as JSON text
 * (raw-data-entry-text.ts) and joined a batch at a time, so no array of 20,000 entries is kept.
 */
export function summarizeEvaluatorRows(rows: readonly EvaluatorRow[], participantTags: ReadonlyMap<string, string>): EvaluatorRowSummary {
  const n = rows.length;
  const scores = new Float64Array(n);
  const durations = new Float64Array(n);
  const cellSums = new Float64Array(7 * 24);
  const cellCounts = new Uint32Array(7 * 24);
  const days = new Map<string, { sum: number; volume: number; critical: number }>();
  const peers = new Map<string, PeerAccumulator>();
  const distribution = { '0-20': 0, '21-40': 0, '41-60': 0, '61-80': 0, '81-100': 0 };
  const rawDataPieces: string[] = ['['];
  let batch: string[] = [];
  let scoreSum = 0;
  let passed = 0;
  let critical = 0;
  let pending = 0;
  let lastDate = '';
  let lastDay: { sum: number; volume: number; critical: number } = { sum: 0, volume: 0, critical: 0 };
  let lastWeekday = 0;

  for (let i = 0; i < n; i += 1) {
    // Indexed reads, not array destructuring (an iterator per row).
    const row = rows[i];
    const date = row[1];
    const score = row[2];
    const isCritical = row[3];
    const duration = row[4];
    const group = row[5];
    const participantId = row[7];
    scores[i] = score;
    durations[i] = duration;
    scoreSum += score;
    if (isPass(score, isCritical)) passed += 1;
    if (isCritical) {
      critical += 1;
      if (group === null || group === 'PENDING_REVIEW') pending += 1;
    }
    // Rows are newest first, so a day's rows are adjacent: one map lookup per day.
    const day = dayOf(date);
    if (day !== lastDate) {
      lastDate = day;
      let entry = days.get(day);
      if (!entry) days.set(day, (entry = { sum: 0, volume: 0, critical: 0 }));
      lastDay = entry;
      lastWeekday = weekdayOf(day);
    }
    lastDay.sum += score;
    lastDay.volume += 1;
    if (isCritical) lastDay.critical += 1;
    const cell = lastWeekday * 24 + hourOf(date);
    cellSums[cell] += score;
    cellCounts[cell] += 1;
    if (score <= 20) distribution['0-20'] += 1;
    else if (score <= 40) distribution['21-40'] += 1;
    else if (score <= 60) distribution['41-60'] += 1;
    else if (score <= 80) distribution['61-80'] += 1;
    else distribution['81-100'] += 1;

    let tail = noParticipantTail;
    if (participantId !== null) {
      let peer = peers.get(participantId);
      if (!peer) {
        const peerTag = participantTags.get(participantId) ?? null;
        peer = { tag: peerTag, tail: participantTailOf(participantId, peerTag), scores: [], critical: 0, durationSum: 0 };
        peers.set(participantId, peer);
      }
      peer.scores.push(score);
      if (isCritical) peer.critical += 1;
      peer.durationSum += duration;
      tail = peer.tail;
    }
    batch.push(rawDataEntryText(row, tail));
    if (batch.length === entriesPerPiece) {
      pushEntries(rawDataPieces, batch);
      batch = [];
    }
  }
  pushEntries(rawDataPieces, batch);
  rawDataPieces.push(']');

  return {
    kpis: {
      total_calls: n,
      avg_score: n === 0 ? null : round2(scoreSum / n),
      pass_rate: percentOf(passed, n),
      total_critical_fails: critical,
      pending_critical_reviews: pending,
    },
    timeline: [...days.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([date, d]) => ({ date, avg_score: round2(d.sum / d.volume), volume: d.volume, critical_fails: d.critical })),
    heatmap: heatmapOf(cellSums, cellCounts),
    scoreDistribution: distribution,
    durationInsights: durationInsightsOf(scores, durations),
    participants: [...peers.entries()]
      .map(([id, peer]) => ({
        id,
        tag: peer.tag,
        calls: peer.scores.length,
        avg_score: roundOrNull(meanOf(peer.scores)),
        critical_fails: peer.critical,
        critical_fail_rate: percentOf(peer.critical, peer.scores.length),
        consistency: computeConsistency(peer.scores),
        avg_duration: round2(peer.durationSum / peer.scores.length),
      }))
      .sort(comparePeers),
    rawDataPieces,
  };
}

/** heatmap.ts's answer from per-cell sums: weekdays in ISO order, only cells with calls. */
function heatmapOf(sums: Float64Array, counts: Uint32Array): z.output<typeof Heatmap> {
  const heatmap: z.output<typeof Heatmap> = {};
  for (const day of weekOrder) {
    const hours: Record<string, number> = {};
    let hasCalls = false;
    for (let hour = 0; hour < 24; hour += 1) {
      const count = counts[day * 24 + hour];
      if (count > 0) {
        hours[String(hour)] = round2(sums[day * 24 + hour] / count);
        hasCalls = true;
      }
    }
    if (hasCalls) heatmap[weekdays[day] as string] = hours;
  }
  return heatmap;
}

/** duration-insights.ts over typed arrays: thresholds by nearest rank, then each bucket's scores summed in row order. */
function durationInsightsOf(scores: Float64Array, durations: Float64Array): z.output<typeof DurationInsights> {
  const ascending = durations.slice().sort();
  const p25 = nearestRankOf(ascending, 25);
  const p75 = nearestRankOf(ascending, 75);
  const sums = { short: 0, medium: 0, long: 0 };
  const counts = { short: 0, medium: 0, long: 0 };
  if (p25 !== null && p75 !== null) {
    for (let i = 0; i < durations.length; i += 1) {
      const duration = durations[i];
      const bucket = duration < p25 ? 'short' : duration > p75 ? 'long' : 'medium';
      sums[bucket] += scores[i];
      counts[bucket] += 1;
    }
  }
  const summaryOf = (bucket: 'short' | 'medium' | 'long') => ({
    count: counts[bucket],
    avg_score: counts[bucket] === 0 ? null : round2(sums[bucket] / counts[bucket]),
  });
  return { thresholds: { p25, p75 }, short: summaryOf('short'), medium: summaryOf('medium'), long: summaryOf('long') };
}
