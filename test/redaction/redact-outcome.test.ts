/**
 * The service's masking of a processed outcome (docs/redaction.md, "The built-in service"), and
 * of a failure's log line, on a hand-made outcome: each stored text is masked, scores are kept,
 * the summary feedback is built again from the masked results.
 */
import { describe, expect, it } from 'vitest';
import { redactOutcome } from '../../src/service/processing/redact-outcome.js';
import { describeFailureForLog } from '../../src/service/processing/redacted-log.js';
import { buildSummaryFeedback, scoreEvaluation } from '../../src/service/processing/score-evaluation.js';

const card = 'four five three nine one four eight eight zero three four three six four six seven';
const segments = [
  { speaker: 'A', start: 0, end: 4, text: 'can i take your date of birth please' },
  { speaker: 'B', start: 4, end: 14, text: `my card number is ${card} thanks` },
];
const scored = scoreEvaluation(
  [{ id: 'c1', name: 'Identity verification', type: 'boolean', weight: 100 }],
  [
    {
      criterionId: 'c1',
      scoreRawAi: 1,
      reasoning: `The customer said “my card number is ${card}”.`,
      quote: segments[1].text,
      feedback: `Do not repeat ${card}.`,
    },
  ],
);
const analysis = {
  summary: { text: `Speaker B: my card number is ${card}.`, language: 'en' },
  fields: {
    fields: [
      { name: 'date_of_birth', value: '1985-03-14' },
      { name: 'card_number', value: 4539148803436467 },
      { name: 'insured', value: true },
    ],
  },
  evaluation: {
    score: scored.score,
    criticalFail: scored.criticalFail,
    evaluatorTag: 'QA',
    language: 'en',
    feedback: buildSummaryFeedback(scored),
    results: scored.results,
  },
};
const redaction = { policies: ['credit_card_number', 'date_of_birth'] as const, substitution: 'entity_name' as const, audio: false };

describe('redactOutcome', () => {
  const masked = redactOutcome(segments, analysis, { ...redaction, policies: [...redaction.policies] });

  it('masks segments, summary, fields, reasoning, quote, feedback and the summary feedback; keeps the scores', () => {
    expect(masked.segments[1]?.text).toBe('my card number is [CREDIT_CARD_NUMBER] thanks');
    expect(masked.summary).toEqual({ text: 'Speaker B: my card number is [CREDIT_CARD_NUMBER].', language: 'en' });
    expect(masked.fields).toEqual({
      fields: [
        { name: 'date_of_birth', value: '[DATE_OF_BIRTH]' },
        { name: 'card_number', value: '[CREDIT_CARD_NUMBER]' },
        { name: 'insured', value: true },
      ],
    });
    const [result] = masked.evaluation!.results;
    expect(result).toMatchObject({
      status: 'PASS',
      scoreRawAi: 1,
      quote: 'my card number is [CREDIT_CARD_NUMBER] thanks',
      feedback: 'Do not repeat [CREDIT_CARD_NUMBER].',
    });
    expect(result?.reasoning).toBe('The customer said “my card number is [CREDIT_CARD_NUMBER]”.');
    expect(masked.evaluation!.feedback).toBe(buildSummaryFeedback({ ...scored, results: masked.evaluation!.results }));
    expect(masked.evaluation!.feedback).not.toContain('four five');
    expect(masked.evaluation!.score).toBe(analysis.evaluation.score);
  });

  it('times each masked span inside its segment', () => {
    expect(masked.timeSpans).toHaveLength(1);
    const [span] = masked.timeSpans;
    expect(span.start).toBeGreaterThan(4);
    expect(span.end).toBeLessThanOrEqual(14);
    expect(span.end - span.start).toBeGreaterThan(5);
  });

  it('hashes instead when asked', () => {
    const hashed = redactOutcome(segments, analysis, { ...redaction, policies: ['credit_card_number'], substitution: 'hash' });
    expect(hashed.segments[1]?.text).toBe(`my card number is ${'#'.repeat(card.length)} thanks`);
  });
});

describe('redactOutcome on a conversation', () => {
  it("masks the caller's answer to the agent's question, and a quote or summary that repeats it", () => {
    const turns = [
      { speaker: 'A', start: 0, end: 3, text: 'And the last three digits on the back, the security code?' },
      { speaker: 'B', start: 3, end: 5, text: 'Seven three nine.' },
      { speaker: 'A', start: 5, end: 9, text: 'Thanks, your ticket number is 1234 and it takes 3 to 5 working days.' },
    ];
    const evaluation = {
      ...analysis.evaluation,
      results: [{ ...scored.results[0], reasoning: 'Caller gave 739.', quote: 'Seven three nine.', feedback: null }],
    };
    const out = redactOutcome(
      turns,
      { ...analysis, summary: { text: 'Code 739 given.' }, evaluation },
      { ...redaction, policies: ['credit_card_cvv'] },
    );
    expect(out.segments.map((s) => s.text)).toEqual([
      'And the last three digits on the back, the security code?',
      '[CREDIT_CARD_CVV].',
      turns[2].text,
    ]);
    expect(out.evaluation!.results[0]).toMatchObject({ reasoning: 'Caller gave [CREDIT_CARD_CVV].', quote: '[CREDIT_CARD_CVV].' });
    expect(out.summary).toEqual({ text: 'Code [CREDIT_CARD_CVV] given.' });
    expect(out.timeSpans).toHaveLength(1);
    expect(out.timeSpans[0].start).toBeGreaterThanOrEqual(3);
    expect(out.timeSpans[0].end).toBeLessThanOrEqual(5);
  });
});

describe('describeFailureForLog', () => {
  const error = new Error('engine refused', { cause: new Error(`bad input: my card number is ${card}`) });

  it('masks the message, stack and causes when redaction is on', () => {
    const logged = JSON.stringify(describeFailureForLog(error, { ...redaction, policies: [...redaction.policies] }));
    expect(logged).toContain('engine refused');
    expect(logged).toContain('bad input: my card number is [CREDIT_CARD_NUMBER]');
    expect(logged).not.toContain('four five three nine');
  });

  it('keeps the error as it is when redaction is off', () => {
    expect(describeFailureForLog(error, null)).toBe(error);
  });
});
