import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EngineSettings, defaultLocalModelDir } from '../../src/engine/engine-settings.js';
import { pocketsphinxArguments } from '../../src/engine/local/pocketsphinx.js';
import { sendumpToMixtureWeights } from '../../src/engine/local/speaker-adaptation/sendump-mixture-weights.js';
import { defaultSpeakerAdaptationFile } from '../../src/engine/local/speaker-adaptation/speaker-adaptation.js';

describe('speaker adaptation (MLLR toward synthesized voices, docs/engine.md, "Speaker adaptation toward synthesized voices")', () => {
  it('is the committed transform: one class, three feature streams of 13 dimensions', () => {
    const numbers = readFileSync(defaultSpeakerAdaptationFile, 'utf8').trim().split(/\s+/).map(Number);
    expect(numbers.slice(0, 2)).toEqual([1, 3]);
    expect(numbers[2]).toBe(13);
    // Per stream: its dimension, a 13 × 13 matrix, 13 offsets and 13 variance scales.
    expect(numbers.length).toBe(2 + 3 * (1 + 13 * 13 + 13 + 13));
    expect(numbers.every(Number.isFinite)).toBe(true);
  });

  it('is passed to pocketsphinx as -mllr when given, and not otherwise', () => {
    const options = { timeoutMs: 1000, modelDir: '/model' };
    const args = pocketsphinxArguments('call.wav', { ...options, speakerAdaptationFile: '/t.mllr' });
    expect(args.slice(args.indexOf('-mllr'), args.indexOf('-mllr') + 2)).toEqual(['-mllr', '/t.mllr']);
    expect(pocketsphinxArguments('call.wav', { ...options, speakerAdaptationFile: null })).not.toContain('-mllr');
  });

  it('is off by default (it fits espeak-ng, not speech in general), and on request with the default model only', () => {
    expect(EngineSettings.parse({})).toMatchObject({ kind: 'local', speakerAdaptation: false });
    expect(EngineSettings.parse({ ENGINE_LOCAL_SPEAKER_ADAPTATION: 'true' })).toMatchObject({ speakerAdaptation: true });
    // A transform fits the model it was estimated on.
    expect(EngineSettings.parse({ ENGINE_LOCAL_SPEAKER_ADAPTATION: 'true', ENGINE_LOCAL_MODEL_DIR: '/opt/other-model' })).toMatchObject({
      speakerAdaptation: false,
    });
  });

  it.runIf(existsSync(`${defaultLocalModelDir}/en-us/sendump`))(
    "rewrites the model's sendump as Sphinx-III mixture weights that sum to one per senone and stream",
    () => {
      const weights = sendumpToMixtureWeights(readFileSync(`${defaultLocalModelDir}/en-us/sendump`));
      const headerEnd = weights.indexOf('endhdr\n') + 'endhdr\n'.length;
      expect(headerEnd % 4).toBe(0);
      expect(weights.readInt32LE(headerEnd)).toBe(0x11223344);
      const [senones, streams, codewords, count] = [0, 1, 2, 3].map((i) => weights.readUInt32LE(headerEnd + 4 + 4 * i));
      expect([senones, streams, codewords]).toEqual([5126, 3, 128]);
      expect(count).toBe(5126 * 3 * 128);
      const values = new Float32Array(weights.buffer.slice(weights.byteOffset + headerEnd + 20, weights.byteOffset + weights.length));
      expect(values.length).toBe(count);
      for (const senone of [0, 2500, 5125]) {
        const start = senone * 3 * 128;
        expect(values.subarray(start, start + 128).reduce((s, w) => s + w, 0)).toBeCloseTo(1, 4);
      }
    },
  );
});
