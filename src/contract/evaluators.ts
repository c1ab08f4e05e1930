import { z } from 'zod';
import { requestObject } from './request-object.js';
import { Id, LanguageCode, Tag, Text, Timestamp, limitedArray } from './common.js';

export const maxEvaluatorsPerAccount = 20;
export const maxCriteriaPerEvaluator = 10;
export const criterionTypes = ['boolean', 'scale', 'strict'] as const;
export type CriterionType = (typeof criterionTypes)[number];

export const Criterion = z.looseObject({
  id: Id,
  name: z.string(),
  description: z.string(),
  type: z.enum(criterionTypes),
  weight: z.number().int(),
});
export type Criterion = z.output<typeof Criterion>;

export const Evaluator = z.looseObject({
  evaluator_id: Id,
  tag: z.string(),
  description: z.string(),
  language: z.string(),
  context: z.string(),
  criteria: z.array(Criterion),
  created_at: Timestamp,
});
export type Evaluator = z.output<typeof Evaluator>;

// ── requests ──

export const CriterionInput = requestObject({
  /** Present: update that criterion. Absent: a new criterion, given a generated id. */
  id: Id.optional(),
  name: z.string().trim().min(1, { error: 'must not be empty' }).max(200, { error: 'must be at most 200 characters' }),
  /** Default "" for a new criterion; an existing criterion keeps its description when omitted. */
  description: Text(2000).optional(),
  type: z.enum(criterionTypes, { error: `expected one of ${criterionTypes.join(', ')}` }),
  weight: z
    .number({ error: 'expected an integer' })
    .int({ error: 'expected an integer' })
    .min(0, { error: 'must be 0 or more' })
    .max(1_000, { error: 'must be at most 1000' }),
});
export type CriterionInput = z.output<typeof CriterionInput>;

const CriteriaInput = limitedArray(
  CriterionInput,
  maxCriteriaPerEvaluator,
  `Maximum of ${maxCriteriaPerEvaluator} criteria per evaluator exceeded`,
).refine(
  (criteria) => {
    const ids = criteria.flatMap((c) => (c.id ? [c.id.toLowerCase()] : []));
    return new Set(ids).size === ids.length;
  },
  { error: 'a criterion id appears more than once' },
);

export const CreateEvaluatorRequest = requestObject({
  tag: Tag,
  criteria: CriteriaInput,
  description: Text(2000).default(''),
  language: LanguageCode.default('df'),
  context: Text(10_000).default(''),
});
export type CreateEvaluatorRequest = z.input<typeof CreateEvaluatorRequest>;

export const EvaluatorIdRequest = requestObject({ evaluator_id: Id });
export type EvaluatorIdRequest = z.input<typeof EvaluatorIdRequest>;

/** `tag` is not updatable and is ignored; `criteria`, when sent, is the complete new list. */
export const UpdateEvaluatorRequest = requestObject({
  evaluator_id: Id,
  /** Accepted and ignored (the spec: an evaluator's tag "cannot be changed by update"). */
  tag: z.string().optional().meta({ description: "Accepted and ignored: an evaluator's tag cannot change" }),
  description: Text(2000).optional(),
  language: LanguageCode.optional(),
  context: Text(10_000).optional(),
  criteria: CriteriaInput.optional(),
});
export type UpdateEvaluatorRequest = z.input<typeof UpdateEvaluatorRequest>;

// ── responses (the `data` member) ──

export const EvaluatorWithMessage = z.looseObject({ message: z.string(), evaluator: Evaluator });
export const ListEvaluatorsResponse = z.looseObject({ items: z.array(Evaluator), count: z.number().int() });
