import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ISO6391 from 'iso-639-1';
import { z } from 'zod';
import type { DecodedRecording, SpeechToTextEngine, Transcript } from '../engine-types.js';
import { assignSpeakersByVoice, mergeTurns, type SpeechChunk } from '../local/speaker-turns.js';
import type { OpenAiHttp } from './openai-http.js';

const TranscriptionAnswer = z.looseObject({
  language: z.string().optional(),
  text: z.string().optional(),
  segments: z.array(z.looseObject({ start: z.number(), end: z.number(), text: z.string(), speaker: z.string().optional() })).optional(),
});

/**
 * Speech-to-text through POST /audio/transcriptions. A stereo recording is sent channel by
 * channel (a speaker each); a mono one is sent whole, with `diarized_json` when the model
 * diarizes (its name says "diarize"), otherwise with segment timestamps and speakers assigned
 * from voices like the local engine does. The vocabulary goes in as the prompt.
 */
export class OpenAiSpeechToText implements SpeechToTextEngine {
  readonly name = 'openai';

  constructor(
    private readonly http: OpenAiHttp,
    private readonly model: string,
  ) {}

  async transcribe(audio: DecodedRecording, hints: { vocabulary: string[] }): Promise<Transcript> {
    const diarizes = /diariz/i.test(this.model);
    if (audio.channels.length === 2) {
      const answers = await Promise.all(audio.channels.map((channel) => this.request(channel, hints, false)));
      const chunks = answers.flatMap((answer, index) => toChunks(answer).map((c) => ({ ...c, speaker: index === 0 ? 'A' : 'B' })));
      return { language: languageOf(answers[0]), segments: mergeTurns(chunks) };
    }
    const answer = await this.request(audio.mixdown, hints, diarizes);
    let chunks = toChunks(answer);
    if (diarizes && chunks.every((c) => c.speaker)) chunks = relabel(chunks);
    else chunks = await assignSpeakersByVoice(audio.mixdown, chunks);
    return { language: languageOf(answer), segments: mergeTurns(chunks) };
  }

  private async request(wav: string, hints: { vocabulary: string[] }, diarize: boolean) {
    const encoded = await encodeForUpload(wav);
    const raw = await this.http.postForm('/audio/transcriptions', () => {
      const form = new FormData();
      form.append('file', new Blob([encoded], { type: 'audio/ogg' }), `${path.basename(wav, '.wav')}.ogg`);
      form.append('model', this.model);
      form.append('response_format', diarize ? 'diarized_json' : 'verbose_json');
      if (!diarize) form.append('timestamp_granularities[]', 'segment');
      if (hints.vocabulary.length) form.append('prompt', hints.vocabulary.join(', '));
      return Promise.resolve(form);
    });
    const parsed = TranscriptionAnswer.safeParse(raw);
    if (!parsed.success) throw new Error('the speech-to-text answer has no usable segments');
    return parsed.data;
  }
}

type Answer = z.output<typeof TranscriptionAnswer>;

function toChunks(answer: Answer | undefined): SpeechChunk[] {
  if (!answer) return [];
  if (answer.segments?.length) {
    return answer.segments
      .filter((s) => s.text.trim())
      .map((s) => ({ start: s.start, end: s.end, text: s.text.trim(), ...(s.speaker ? { speaker: s.speaker } : {}) }));
  }
  return answer.text?.trim() ? [{ start: 0, end: 0, text: answer.text.trim() }] : [];
}

/** The endpoint's own speaker names become A, B, … in order of first appearance. */
function relabel(chunks: SpeechChunk[]): SpeechChunk[] {
  const order: string[] = [];
  return chunks.map((c) => {
    if (!order.includes(c.speaker as string)) order.push(c.speaker as string);
    return { ...c, speaker: String.fromCharCode(65 + order.indexOf(c.speaker as string)) };
  });
}

/** "english" or "en" → "en"; unknown → "df". */
function languageOf(answer: Answer | undefined): string {
  const value = answer?.language?.trim() ?? '';
  if (ISO6391.validate(value.toLowerCase())) return value.toLowerCase();
  const code = ISO6391.getCode(value.charAt(0).toUpperCase() + value.slice(1).toLowerCase());
  return code || 'df';
}

/** Opus in Ogg at 32 kb/s: two hours fit under the 25 MB upload limit of such endpoints. */
function encodeForUpload(wav: string): Promise<Buffer> {
  const output = `${wav}.ogg`;
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', wav, '-c:a', 'libopus', '-b:a', '32k', output], {
      stdio: 'ignore',
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(readFile(output)) : reject(new Error(`ffmpeg could not encode the upload (exit ${code})`)),
    );
  });
}
