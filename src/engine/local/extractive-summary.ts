import type { Transcript } from '../engine-types.js';
import { contentStems } from './text-tools.js';

const maxUnitWords = 40;

/**
 * An extractive summary: the turns that carry the conversation's most frequent content words
 * (and the words of the configuration's custom_summary instruction, weighted double), in call
 * order, about a quarter of the turns and at most five.
 */
export function summarizeExtractively(transcript: Transcript, instruction: string | null): string {
  const units = transcript.segments
    .map((s, index) => ({ index, speaker: s.speaker, text: s.text.split(/\s+/).slice(0, maxUnitWords).join(' ') }))
    .filter((u) => u.text.trim().length > 0);
  if (units.length === 0) return 'The recording contains no recognizable speech.';
  const frequency = new Map<string, number>();
  for (const unit of units) for (const stem of contentStems(unit.text)) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
  const boosted = new Set(instruction ? contentStems(instruction) : []);
  const scored = units.map((unit) => {
    const stems = contentStems(unit.text);
    const sum = stems.reduce((total, stem) => total + (frequency.get(stem) ?? 0) * (boosted.has(stem) ? 2 : 1), 0);
    return { ...unit, score: stems.length ? sum / Math.sqrt(stems.length) : 0 };
  });
  const count = Math.min(5, Math.max(1, Math.round(units.length / 4)));
  const picked = [...scored]
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .sort((a, b) => a.index - b.index);
  return picked.map((u) => `Speaker ${u.speaker}: ${u.text}.`).join(' ');
}
