/**
 * Audio redaction (docs/redaction.md, "Audio"): the payment call, recognised by the offline
 * engine, masked, and each masked span of the recording replaced by a 1 kHz tone; recognising
 * the toned recording again brings none of the secrets back, while the rest of the call is still
 * heard.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTION_POLICIES } from '../../src/lib/redaction/index.js';
import type { Engines } from '../../src/engine/engine-types.js';
import { decodeRecording } from '../../src/service/processing/decode-recording.js';
import { redactOutcome } from '../../src/service/processing/redact-outcome.js';
import { toneOutSpans } from '../../src/service/processing/tone-out-spans.js';
import { createHarness, type Harness } from '../support/harness.js';
import { synthesizeConversation } from '../support/synthesize.js';
import { leakedSecrets, paymentCall } from './payment-call.js';

const numberWords =
  /\d|\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)\b/g;

let h: Harness;
let engines: Engines;
let work: string;

beforeAll(async () => {
  h = createHarness();
  engines = h.processingContext().engines;
  work = await mkdtemp(path.join(tmpdir(), 'convoqa-tone-test-'));
});
afterAll(async () => {
  await h.close();
  await rm(work, { recursive: true, force: true });
});

async function recognise(file: string, name: string) {
  const decoded = await decodeRecording(file, await mkdtemp(path.join(work, name)), { stereo: true, maxDurationSeconds: 600 });
  return engines.speechToText.transcribe(decoded, { vocabulary: [] });
}

describe('toneOutSpans', () => {
  it('replaces the masked spans with a tone, so recognising the recording again yields none of the secrets', async () => {
    const recording = await synthesizeConversation(paymentCall, { stereo: true });
    const heard = await recognise(recording, 'first-');
    const said = heard.segments.map((s) => s.text).join('\n');
    expect(leakedSecrets(said, ['card', 'socialSecurity'])).not.toEqual([]);

    const { timeSpans } = redactOutcome(
      heard.segments,
      { summary: null, fields: null, evaluation: null },
      { policies: [...REDACTION_POLICIES], substitution: 'entity_name', audio: true },
    );
    expect(timeSpans.length).toBeGreaterThanOrEqual(5);
    const toned = path.join(work, 'toned.wav');
    await toneOutSpans(recording, timeSpans, toned);

    const again = (await recognise(toned, 'again-')).segments.map((s) => s.text).join('\n');
    expect(leakedSecrets(again)).toEqual([]);
    // Not even part of a number is heard again: no digit, no number word anywhere in the call.
    expect(again.toLowerCase().match(numberWords) ?? []).toEqual([]);
    // Only the spans went: the questions around them are still recognised.
    expect(again.toLowerCase()).toContain('social security number');
    expect(again.toLowerCase()).toContain('date of birth');
  }, 240_000);
});
