/**
 * Audio redaction of a kept recording (docs/redaction.md, "Audio"): with redact_pii_audio on, the
 * stored recording is replaced, before the outcome is stored, by a WAV copy whose masked spans are
 * a tone, so that the unmasked audio is not kept and recognising the copy again does not bring the
 * masked words back.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db.js';
import { recordingKey, type RecordingStorage } from '../storage/recording-storage.js';
import type { RedactedTimeSpan } from './redact-outcome.js';
import { toneOutSpans } from './tone-out-spans.js';

export async function toneOutStoredRecording(
  ctx: { db: Pick<Db, 'transcription'>; storage: RecordingStorage },
  transcription: { id: string; accountId: string },
  key: string,
  spans: readonly RedactedTimeSpan[],
  workDir: string,
): Promise<string> {
  if (spans.length === 0) return key;
  const toned = path.join(workDir, 'redacted.wav');
  await ctx.storage.withLocalFile(key, (file) => toneOutSpans(file, spans, toned));
  const redactedKey = recordingKey(transcription.accountId, transcription.id, 'wav');
  // A toned copy is as long as the original at 16-bit PCM: no size limit applies to what the service made itself.
  await ctx.storage.write(redactedKey, createReadStream(toned), { maxBytes: Number.MAX_SAFE_INTEGER });
  await ctx.db.transcription.update({ where: { id: transcription.id }, data: { recordingKey: redactedKey } });
  if (redactedKey !== key) await ctx.storage.delete(key);
  return redactedKey;
}
