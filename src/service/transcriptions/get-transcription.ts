import { defineOperation } from '../http/operation.js';
import { loadTranscriptionWire } from './find-transcription.js';

/** The answer's `data` is the full transcription itself (spec). Also served as /details. */
export const getTranscription = defineOperation('get-transcription', async (input, { accountId, deps }) => {
  return loadTranscriptionWire(deps.db, accountId, input.transcription_id);
});
