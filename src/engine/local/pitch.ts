import { sampleRate } from '../audio/pcm-wav.js';

// Pitch is measured at 8 kHz (every second sample, after averaging pairs), which keeps the
// 60 to 400 Hz range of voices and makes the autocorrelation four times cheaper.
const rate = sampleRate / 2;
const frameSize = Math.round(rate * 0.04); // 40 ms
const hop = Math.round(rate * 0.02); // 20 ms
const minLag = Math.floor(rate / 400);
const maxLag = Math.ceil(rate / 60);

function decimate(samples: Int16Array): Float64Array {
  const out = new Float64Array(Math.floor(samples.length / 2));
  for (let i = 0; i < out.length; i += 1) out[i] = ((samples[2 * i] ?? 0) + (samples[2 * i + 1] ?? 0)) / 65536;
  return out;
}

/**
 * Fundamental frequency of each voiced frame of a stretch of speech (autocorrelation method), in
 * Hz, in time order. Silent and unvoiced frames are left out.
 */
export function voicedPitches(samples: Int16Array): number[] {
  const signal = decimate(samples);
  const pitches: number[] = [];
  for (let offset = 0; offset + frameSize + maxLag <= signal.length; offset += hop) {
    let energy = 0;
    for (let i = 0; i < frameSize; i += 1) energy += (signal[offset + i] ?? 0) ** 2;
    if (energy / frameSize < 1e-4) continue; // silence
    let bestLag = 0;
    let best = 0;
    for (let lag = minLag; lag <= maxLag; lag += 1) {
      let sum = 0;
      let norm = 0;
      for (let i = 0; i < frameSize; i += 1) {
        const shifted = signal[offset + i + lag] ?? 0;
        sum += (signal[offset + i] ?? 0) * shifted;
        norm += shifted * shifted;
      }
      const score = sum / Math.sqrt(energy * norm + 1e-12);
      if (score > best) {
        best = score;
        bestLag = lag;
      }
    }
    if (best > 0.6 && bestLag > 0) pitches.push(rate / bestLag);
  }
  return pitches;
}

/** The median of some pitches, or null when fewer than `minFrames` (too little voiced speech to tell). */
export function medianOf(pitches: number[], minFrames = 8): number | null {
  if (pitches.length < minFrames) return null;
  const sorted = [...pitches].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}

/**
 * Median fundamental frequency of the voiced frames of a stretch of speech, in Hz; null when
 * fewer than 8 frames are voiced. Speakers differ most reliably in it.
 */
export function medianPitch(samples: Int16Array): number | null {
  return medianOf(voicedPitches(samples));
}
