/**
 * A call as the console plays it: speech synthesized by espeak-ng, served by a local recording
 * server, submitted to the hub stack's built-in API, processed by the real pipeline (download,
 * probe, decode, storage) with a transcript whose turns start at known seconds, and mirrored.
 */
import { readFileSync } from 'node:fs';
import { LocalLanguageEngine } from '../../src/engine/local/local-language-engine.js';
import type { Engines } from '../../src/engine/engine-types.js';
import { writeMirror } from '../../src/hub/mirror/mirror-transcription.js';
import { processRecording } from '../../src/service/processing/process-recording.js';
import type { Harness } from './harness.js';
import type { HubStack } from './hub-stack.js';
import type { RecordingServer } from './recording-server.js';
import { seedConfiguration } from './seed.js';
import { supportCall, synthesizeConversation } from './synthesize.js';

/** The four turns' start times in seconds (the synthesized call is longer than the last). */
export const turnStarts = [0, 4, 8, 12] as const;

const turnsAtKnownTimes: Engines = {
  speechToText: {
    name: 'fixed-turns',
    transcribe: () =>
      Promise.resolve({
        language: 'en',
        segments: supportCall
          .slice(0, 4)
          .map((turn, i) => ({ speaker: turn.speaker, text: turn.text, start: turnStarts[i], end: turnStarts[i] + 3.5 })),
      }),
  },
  language: new LocalLanguageEngine(),
};

/** `evaluated`: judged by an evaluator whose one criterion (the agent's greeting) quotes a turn. */
export async function createRecordedCall(
  h: Harness,
  stack: HubStack,
  server: RecordingServer,
  options: { evaluated?: boolean } = {},
): Promise<{ id: string; audio: Buffer }> {
  const file = await synthesizeConversation(supportCall.slice(0, 4));
  const url = server.serve(`recorded-${Date.now()}.wav`, file);
  const configuration = await seedConfiguration(h.db, stack.account.id);
  const evaluatorId = options.evaluated
    ? (
        await stack.client.createEvaluator({
          tag: `Greeting check ${Date.now()}`,
          criteria: [
            { name: 'Greeting', description: 'The agent thanks the caller and says their own name', type: 'boolean', weight: 100 },
          ],
        })
      ).evaluator!.evaluator_id
    : undefined;
  const { transcription_id: id } = await stack.client.submit({
    configuration_id: configuration.id,
    url,
    name: 'Recorded call',
    ...(evaluatorId ? { evaluator_id: evaluatorId } : {}),
  });
  const outcome = await processRecording(h.processingContext({ engines: turnsAtKnownTimes }), id, { isLast: true });
  if (outcome !== 'completed') throw new Error(`the recorded call was not processed: ${outcome}`);
  await writeMirror(stack.hub, await stack.client.getTranscription({ transcription_id: id }));
  return { id, audio: readFileSync(file) };
}
