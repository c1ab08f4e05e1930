import type { Transcript } from '../../src/engine/engine-types.js';
import { LocalLanguageEngine } from '../../src/engine/local/local-language-engine.js';
import { devSummaryFacts } from '../engine/dev-set.js';
import { heldOutSummaryFacts } from '../engine/held-out-set.js';
import type { LabelledCall } from '../engine/labelled-call.js';
import { scoreSummary } from '../engine/summary-facts.js';

export const summaryFactsOf = (callId: string) => devSummaryFacts[callId] ?? heldOutSummaryFacts[callId];

export interface SummaryFigures {
  count: number;
  facts: number;
  right: number;
  invented: number;
  faults: number;
  misses: string[];
}

/** Each call's summary (the local engine's, no custom_summary) read for its labelled facts. */
export async function scoreSummaries(calls: { call: LabelledCall; transcript: Transcript }[]): Promise<SummaryFigures> {
  const engine = new LocalLanguageEngine();
  const figures: SummaryFigures = { count: 0, facts: 0, right: 0, invented: 0, faults: 0, misses: [] };
  for (const { call, transcript } of calls) {
    const facts = summaryFactsOf(call.id);
    if (!facts) continue;
    const { text } = await engine.summarize(transcript, { instruction: null, language: 'en' });
    const score = scoreSummary(text, facts, call.turns.map((t) => t.text).join(' '));
    figures.count += 1;
    figures.facts += score.facts;
    figures.right += score.right;
    figures.invented += score.invented;
    figures.faults += score.faults.length;
    for (const m of [...score.missing, ...score.inventions.map((i) => `invented ${i}`), ...score.faults])
      figures.misses.push(`${call.id}: ${m}`);
  }
  return figures;
}

export function summaryLine(f: SummaryFigures): string {
  const share = f.facts ? (100 * f.right) / f.facts : 0;
  const perTen = f.count ? (10 * f.invented) / f.count : 0;
  const ok = share >= 90 && perTen <= 1 && f.faults === 0;
  return `${f.right}/${f.facts} facts stated (${share.toFixed(1)}%), ${f.invented} invented in ${f.count} summaries (${perTen.toFixed(1)} per ten), ${f.faults} with a speaker label or doubled punctuation — goal ≥90%, ≤1 per ten, none: ${ok ? 'met' : 'NOT MET'}`;
}
