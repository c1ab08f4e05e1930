/**
 * One labelled call through speech: synthesize (espeak-ng + sox, cached), decode as the service
 * does, transcribe with the local engine, judge. Also measures word errors per voice and how much
 * of the speech went to the right role. Used by engine.bench.ts.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SpeechToTextEngine, Transcript } from '../../src/engine/engine-types.js';
import { assignRoles, organisationWordsOf } from '../../src/engine/local/speaker-roles.js';
import { decodeRecording } from '../../src/service/processing/decode-recording.js';
import { readPcmRange } from '../../src/engine/audio/pcm-wav.js';
import { judgeCall, type CallOutcome } from '../engine/judge-set.js';
import type { EvaluatorSpec, FieldSpec, LabelledCall } from '../engine/labelled-call.js';
import { synthesizeConversation } from '../support/synthesize.js';
import { wordErrors } from './word-error-rate.js';
import { throughTelephoneLine } from './telephone-line.js';

export interface VoicePair {
  agent: string;
  customer: string;
  tuned: boolean;
}

export interface SpeechRun {
  outcome: CallOutcome;
  transcript: Transcript;
  stereo: boolean;
  /** Word errors over reference words, per voice (stereo: by channel; mono: the whole call under both). */
  byVoice: Map<string, { errors: number; words: number }>;
  all: { errors: number; words: number };
  /** Seconds of recognised speech given the right role, and all recognised seconds. */
  roleSeconds: { right: number; total: number };
  speakers: number;
}

export async function runCallThroughSpeech(
  call: LabelledCall,
  pair: VoicePair,
  stereo: boolean,
  stt: SpeechToTextEngine,
  evaluator: EvaluatorSpec,
  fields: FieldSpec[],
  /** A transcript saved by an earlier run: judged again without recognising speech. */
  savedTranscript?: Transcript,
  /** synthesize.ts's rendering: 0 repeatable, n > 0 another random dither of the same script. */
  rendering = 0,
  /** Heard through a telephone line first: 8 kHz, μ-law, with a hiss (telephone-line.ts). */
  telephone = false,
): Promise<SpeechRun> {
  const voices = call.agent === 'A' ? { A: pair.agent, B: pair.customer } : { A: pair.customer, B: pair.agent };
  const synthesized = await synthesizeConversation(call.turns, { stereo, voices, rendering });
  // The stereo rendering of the same script has the same timing: its channels say who spoke when.
  const truthFile = stereo ? synthesized : await synthesizeConversation(call.turns, { stereo: true, voices, rendering });
  const work = await mkdtemp(path.join(tmpdir(), 'convoqa-engine-bench-'));
  try {
    const file = telephone ? await throughTelephoneLine(synthesized, path.join(work, 'telephone.wav')) : synthesized;
    const decoded = await decodeRecording(file, work, { stereo, maxDurationSeconds: 3600 });
    const domainText = [
      evaluator.context,
      ...evaluator.criteria.map((c) => `${c.name}. ${c.description}`),
      ...fields.map((f) => `${f.name.replace(/_/g, ' ')}. ${f.description}`),
    ];
    const transcript = savedTranscript ?? (await stt.transcribe(decoded, { vocabulary: [], domainText }));
    const outcome = await judgeCall(call, transcript, evaluator, fields);

    const truthWork = path.join(work, 'truth');
    await mkdir(truthWork);
    const truth = await decodeRecording(truthFile, truthWork, { stereo: true, maxDurationSeconds: 3600 });
    const roles = assignRoles(transcript, organisationWordsOf(evaluator.context));
    const roleSeconds = { right: 0, total: 0 };
    for (const { segment, role } of roles) {
      const [left, right] = await Promise.all([
        readPcmRange(truth.channels[0], segment.start, segment.end),
        readPcmRange(truth.channels[1], segment.start, segment.end),
      ]);
      const trueLabel = energy(left) >= energy(right) ? 'A' : 'B';
      const trueRole = trueLabel === call.agent ? 'agent' : 'customer';
      const seconds = segment.end - segment.start;
      roleSeconds.total += seconds;
      if (trueRole === role) roleSeconds.right += seconds;
    }

    const reference = call.turns.map((t) => t.text).join(' ');
    const hypothesis = transcript.segments.map((s) => s.text).join(' ');
    const all = wordErrors(reference, hypothesis);
    const byVoice = new Map<string, { errors: number; words: number }>();
    if (stereo) {
      for (const label of ['A', 'B'] as const) {
        const w = wordErrors(
          call.turns
            .filter((t) => t.speaker === label)
            .map((t) => t.text)
            .join(' '),
          transcript.segments
            .filter((s) => s.speaker === label)
            .map((s) => s.text)
            .join(' '),
        );
        byVoice.set(voices[label], w);
      }
    }
    return { outcome, transcript, stereo, byVoice, all, roleSeconds, speakers: new Set(transcript.segments.map((s) => s.speaker)).size };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function energy(samples: Int16Array): number {
  let sum = 0;
  for (const v of samples) sum += v * v;
  return sum;
}
