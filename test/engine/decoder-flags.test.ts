import { describe, expect, it } from 'vitest';
import { defaultLocalSpeechSettings, wideSearchFlags } from '../../src/engine/local/local-speech-to-text.js';
import { pocketsphinxArguments } from '../../src/engine/local/pocketsphinx.js';

describe('pocketsphinx decoder flags', () => {
  const options = {
    timeoutMs: 1000,
    modelDir: '/model',
    languageModelFile: 'domain.arpa',
    dictionaryFile: 'domain.dict',
    languageWeight: 6.5,
  };

  it('passes further flags after the model, the language weight and the warp', () => {
    const args = pocketsphinxArguments('call.wav', { ...options, warp: 0.93, decoderFlags: ['-beam', '1e-60'] });
    expect(args.slice(-6)).toEqual(['-warp_type', 'inverse_linear', '-warp_params', '0.93', '-beam', '1e-60']);
    expect(args.slice(args.indexOf('-lw'), args.indexOf('-lw') + 2)).toEqual(['-lw', '6.5']);
    expect(pocketsphinxArguments('call.wav', options)).not.toContain('-beam');
  });

  it('keeps pocketsphinx\'s own search by default; the measured wide search is name/value pairs (docs/engine.md, "Options measured and left off")', () => {
    expect(defaultLocalSpeechSettings.decoderFlags).toEqual([]);
    expect(wideSearchFlags.length % 2).toBe(0);
    const flags = new Map(wideSearchFlags.flatMap((f, i) => (i % 2 === 0 ? [[f, wideSearchFlags[i + 1]]] : [])));
    expect(flags.get('-beam')).toBe('1e-60');
    expect(flags.get('-maxhmmpf')).toBe('-1');
    expect(flags.get('-maxwpf')).toBe('-1');
  });
});
