import { z } from 'zod';
import type {
  CriterionJudgement,
  CriterionToJudge,
  ExtractedValue,
  ExtractionFieldSpec,
  LanguageEngine,
  Transcript,
} from '../engine-types.js';
import { formatMoment } from '../local/text-tools.js';
import type { OpenAiHttp } from './openai-http.js';

const ChatAnswer = z.looseObject({
  choices: z.array(z.looseObject({ message: z.looseObject({ content: z.string().nullable() }) })).min(1),
});

/** The transcript as the model reads it: one line per turn, with time and speaker. */
export function formatTranscript(transcript: Transcript): string {
  return transcript.segments.map((s) => `[${formatMoment(s.start)}] ${s.speaker}: ${s.text}`).join('\n');
}

/**
 * Summary, extraction fields and criterion judgements through POST /chat/completions with a
 * JSON-schema answer (structured outputs), each answer validated again with zod.
 */
export class OpenAiLanguageEngine implements LanguageEngine {
  readonly name = 'openai';

  constructor(
    private readonly http: OpenAiHttp,
    private readonly model: string,
  ) {}

  async summarize(transcript: Transcript, options: { instruction: string | null; language: string }) {
    const answer = await this.complete(
      'summary',
      [
        `Summarise this contact-centre call in the language with ISO 639-1 code "${options.language}".`,
        options.instruction
          ? `Follow this instruction: ${options.instruction}`
          : 'Say why the customer called, what was done, and what happens next.',
      ].join(' '),
      formatTranscript(transcript),
      { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
      z.object({ text: z.string() }),
    );
    return { text: answer.text, language: options.language };
  }

  async extractFields(transcript: Transcript, fields: ExtractionFieldSpec[], context: { recordedAt: Date }): Promise<ExtractedValue[]> {
    const jsonType = { string: 'string', number: 'number', boolean: 'boolean', date: 'string' } as const;
    const properties = Object.fromEntries(
      fields.map((f) => [
        f.name,
        { type: [jsonType[f.type], 'null'], description: `${f.description}${f.type === 'date' ? ' (YYYY-MM-DD)' : ''}` },
      ]),
    );
    const answer = await this.complete(
      'fields',
      `Extract these fields from the call, recorded on ${context.recordedAt.toISOString().slice(0, 10)}. Use null when the call does not say.`,
      formatTranscript(transcript),
      { type: 'object', properties, required: fields.map((f) => f.name), additionalProperties: false },
      z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    );
    return fields.map((f) => {
      const value = answer[f.name] ?? null;
      if (f.type === 'date' && typeof value === 'string' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
      return value;
    });
  }

  async judgeCriteria(
    transcript: Transcript,
    evaluator: { context: string; language: string; criteria: CriterionToJudge[] },
  ): Promise<CriterionJudgement[]> {
    if (!evaluator.criteria.length) return [];
    const rubric = evaluator.criteria
      .map((c) => `- id ${c.id} (${c.type}${c.type === 'scale' ? ', score 1 to 5' : ', score 0 or 1'}): ${c.name}. ${c.description}`)
      .join('\n');
    const answer = await this.complete(
      'evaluation',
      [
        'You are a contact-centre QA reviewer. Judge the call against each criterion.',
        'boolean and strict criteria score 1 when met and 0 when not; scale criteria score 1 (poor) to 5 (excellent).',
        'A strict criterion that is not met is a critical failure.',
        'quote must be copied verbatim from the transcript (empty when nothing applies).',
        `Write reasoning and feedback in the language with ISO 639-1 code "${evaluator.language}".`,
        evaluator.context ? `Context: ${evaluator.context}` : '',
        `Criteria:\n${rubric}`,
      ].join('\n'),
      formatTranscript(transcript),
      {
        type: 'object',
        properties: {
          results: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                criterion_id: { type: 'string' },
                score_raw_ai: { type: 'number' },
                status: { type: 'string', enum: ['PASS', 'FAIL'] },
                reasoning: { type: 'string' },
                quote: { type: 'string' },
                feedback: { type: ['string', 'null'] },
              },
              required: ['criterion_id', 'score_raw_ai', 'status', 'reasoning', 'quote', 'feedback'],
              additionalProperties: false,
            },
          },
        },
        required: ['results'],
        additionalProperties: false,
      },
      z.object({
        results: z.array(
          z.object({
            criterion_id: z.string(),
            score_raw_ai: z.number(),
            reasoning: z.string(),
            quote: z.string(),
            feedback: z.string().nullable(),
          }),
        ),
      }),
    );
    return answer.results.map((r) => ({
      criterionId: r.criterion_id,
      scoreRawAi: r.score_raw_ai,
      reasoning: r.reasoning,
      quote: r.quote,
      feedback: r.feedback,
    }));
  }

  private async complete<T extends z.ZodType>(
    name: string,
    instructions: string,
    transcript: string,
    schema: object,
    parser: T,
  ): Promise<z.output<T>> {
    const raw = await this.http.postJson('/chat/completions', {
      model: this.model,
      temperature: 0,
      messages: [
        { role: 'system', content: instructions },
        { role: 'user', content: `Call transcript:\n${transcript}` },
      ],
      response_format: { type: 'json_schema', json_schema: { name, strict: true, schema } },
    });
    const content = ChatAnswer.parse(raw).choices[0]?.message.content ?? '';
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      throw new Error(`the ${name} answer is not JSON`);
    }
    return parser.parse(json);
  }
}
