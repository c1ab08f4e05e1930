import { describe, expect, it } from 'vitest';
import { Evaluator } from '../../src/contract/evaluators.js';
import { errorBody } from '../support/harness.js';
import { serviceForFile } from '../support/service-for-file.js';

const rig = serviceForFile();

const criteria = [
  { name: 'Greeting', description: 'Greets the customer', type: 'boolean', weight: 20 },
  { name: 'Empathy', type: 'scale', weight: 30 },
  { name: 'No legal advice', description: 'Never gives legal advice', type: 'strict', weight: 50 },
];

async function createEvaluator(body: object = { tag: 'Support QA', criteria }) {
  const res = await rig.account.call('create-evaluator', body);
  expect(res.status).toBe(201);
  return Evaluator.parse(res.body.data.evaluator);
}

describe('create-evaluator', () => {
  it('creates with generated criterion ids; strict criteria are stored with weight 0', async () => {
    const res = await rig.account.call('create-evaluator', {
      tag: 'Support QA',
      description: 'Weekly checks',
      language: 'en',
      context: 'Inbound support calls',
      criteria: [{ ...criteria[0], id: '5f0c8d5e-8a4b-4c1e-9a77-2b8f8a1d0c11' }, ...criteria.slice(1)],
    });
    expect(res.status).toBe(201);
    expect(res.body.data.message).toBe('Evaluator created successfully');
    const evaluator = Evaluator.parse(res.body.data.evaluator);
    expect(evaluator).toMatchObject({ tag: 'Support QA', description: 'Weekly checks', language: 'en', context: 'Inbound support calls' });
    expect(evaluator.criteria.map(({ name, description, type, weight }) => ({ name, description, type, weight }))).toEqual([
      { name: 'Greeting', description: 'Greets the customer', type: 'boolean', weight: 20 },
      { name: 'Empathy', description: '', type: 'scale', weight: 30 },
      { name: 'No legal advice', description: 'Never gives legal advice', type: 'strict', weight: 0 },
    ]);
    expect(evaluator.criteria[0]?.id).not.toBe('5f0c8d5e-8a4b-4c1e-9a77-2b8f8a1d0c11');
    expect(new Set(evaluator.criteria.map((c) => c.id)).size).toBe(3);
  });

  it('defaults description "", language df, context ""', async () => {
    const evaluator = await createEvaluator({ tag: 'Bare', criteria: [] });
    expect(evaluator).toMatchObject({ description: '', language: 'df', context: '', criteria: [] });
  });

  it.each([
    [{ criteria }, 'missing_field', 'Missing required field: tag'],
    [{ tag: 'x' }, 'missing_field', 'Missing required field: criteria'],
    [{ tag: 'x', criteria: [{ type: 'boolean', weight: 1 }] }, 'missing_field', 'Missing required field: criteria[0].name'],
    [{ tag: 'x', criteria: [{ name: 'a', weight: 1 }] }, 'missing_field', 'Missing required field: criteria[0].type'],
    [{ tag: 'x', criteria: [{ name: 'a', type: 'boolean' }] }, 'missing_field', 'Missing required field: criteria[0].weight'],
    [
      { tag: 'x', criteria: [{ name: 'a', type: 'numeric', weight: 1 }] },
      'invalid_value',
      'Invalid criteria[0].type: expected one of boolean, scale, strict',
    ],
    [
      { tag: 'x', criteria: [{ name: 'a', type: 'scale', weight: 1.5 }] },
      'invalid_value',
      'Invalid criteria[0].weight: expected an integer',
    ],
    [{ tag: 'x', criteria: [{ name: 'a', type: 'scale', weight: -1 }] }, 'invalid_value', 'Invalid criteria[0].weight: must be 0 or more'],
    [
      { tag: 'x', criteria: [{ name: 'a', type: 'scale', weight: '5' }] },
      'invalid_value',
      'Invalid criteria[0].weight: expected an integer',
    ],
    [{ tag: 'x', criteria: 'all' }, 'invalid_value', 'Invalid criteria: expected array'],
    [{ tag: 'x', criteria: [], language: 'klingon' }, 'invalid_value', 'Invalid language: expected an ISO 639-1 two-letter code or df'],
  ])('refuses %j', async (body, code, message) => {
    const res = await rig.account.call('create-evaluator', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(code, message));
  });

  it('allows 10 criteria and refuses the 11th', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `c${i}`, type: 'boolean', weight: 1 }));
    expect((await rig.account.call('create-evaluator', { tag: 'ten', criteria: many(10) })).status).toBe(201);
    const res = await rig.account.call('create-evaluator', { tag: 'eleven', criteria: many(11) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('limit_exceeded', 'Maximum of 10 criteria per evaluator exceeded'));
  });

  it('refuses the 21st evaluator of an account', async () => {
    const crowded = await rig.h.createAccount();
    await rig.h.db.evaluator.createMany({ data: Array.from({ length: 19 }, (_, i) => ({ accountId: crowded.id, tag: `e${i}` })) });
    expect((await crowded.call('create-evaluator', { tag: '20th', criteria: [] })).status).toBe(201);
    const res = await crowded.call('create-evaluator', { tag: '21st', criteria: [] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('limit_exceeded', 'Maximum of 20 evaluators per client exceeded'));
  });
});

describe('get and list', () => {
  it('get-evaluator answers the evaluator itself as data', async () => {
    const created = await createEvaluator();
    const res = await rig.account.call('get-evaluator', { evaluator_id: created.evaluator_id });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(created);
  });

  it('list-evaluators is newest first with a count', async () => {
    const own = await rig.h.createAccount();
    const older = (await own.call('create-evaluator', { tag: 'older', criteria: [] })).body.data.evaluator;
    const newer = (await own.call('create-evaluator', { tag: 'newer', criteria: [] })).body.data.evaluator;
    const res = await own.call('list-evaluators');
    expect(res.body.data).toEqual({ items: [newer, older], count: 2 });
  });
});

describe('update-evaluator', () => {
  it('updates listed criteria by id, adds those without id, removes those left out, keeps the tag', async () => {
    const created = await createEvaluator();
    const [greeting, empathy, legal] = created.criteria;
    const res = await rig.account.call('update-evaluator', {
      evaluator_id: created.evaluator_id,
      tag: 'attempted rename',
      context: 'New context',
      criteria: [
        { id: legal.id, name: 'No legal advice', type: 'strict', weight: 40 },
        { id: greeting.id, name: 'Warm greeting', type: 'boolean', weight: 25 },
        { name: 'Closing', description: 'Confirms next steps', type: 'scale', weight: 10 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toBe('Evaluator updated successfully');
    const updated = Evaluator.parse(res.body.data.evaluator);
    expect(updated.tag).toBe('Support QA');
    expect(updated.context).toBe('New context');
    expect(updated.description).toBe(created.description);
    expect(updated.criteria.map((c) => [c.id === legal.id, c.id === greeting.id, c.name, c.weight, c.description])).toEqual([
      [true, false, 'No legal advice', 0, 'Never gives legal advice'],
      [false, true, 'Warm greeting', 25, 'Greets the customer'],
      [false, false, 'Closing', 10, 'Confirms next steps'],
    ]);
    expect(updated.criteria.some((c) => c.id === empathy.id)).toBe(false);
    expect((await rig.account.call('get-evaluator', { evaluator_id: created.evaluator_id })).body.data).toEqual(updated);
  });

  it('leaves criteria untouched when criteria is not sent', async () => {
    const created = await createEvaluator();
    const res = await rig.account.call('update-evaluator', { evaluator_id: created.evaluator_id, description: 'changed' });
    expect(res.body.data.evaluator).toEqual({ ...created, description: 'changed' });
  });

  it('refuses a criterion id of another evaluator, with nothing changed', async () => {
    const target = await createEvaluator();
    const other = await createEvaluator();
    const res = await rig.account.call('update-evaluator', {
      evaluator_id: target.evaluator_id,
      description: 'should not stick',
      criteria: [{ id: other.criteria[0].id, name: 'Stolen', type: 'boolean', weight: 1 }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(
      errorBody('invalid_value', `Invalid criteria[0].id: ${other.criteria[0].id} is not a criterion of this evaluator`),
    );
    expect((await rig.account.call('get-evaluator', { evaluator_id: target.evaluator_id })).body.data).toEqual(target);
  });

  it('refuses 11 criteria and a duplicated id', async () => {
    const created = await createEvaluator();
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `c${i}`, type: 'boolean', weight: 1 }));
    const tooMany = await rig.account.call('update-evaluator', { evaluator_id: created.evaluator_id, criteria: many });
    expect(tooMany.body).toEqual(errorBody('limit_exceeded', 'Maximum of 10 criteria per evaluator exceeded'));
    const id = created.criteria[0].id;
    const duplicated = await rig.account.call('update-evaluator', {
      evaluator_id: created.evaluator_id,
      criteria: [
        { id, name: 'a', type: 'boolean', weight: 1 },
        { id, name: 'b', type: 'boolean', weight: 1 },
      ],
    });
    expect(duplicated.body).toEqual(errorBody('invalid_value', 'Invalid criteria: a criterion id appears more than once'));
  });

  it('answers 404 for an unknown evaluator', async () => {
    const res = await rig.account.call('update-evaluator', { evaluator_id: '5f0c8d5e-8a4b-4c1e-9a77-2b8f8a1d0c11' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody('not_found', 'Evaluator not found: 5f0c8d5e-8a4b-4c1e-9a77-2b8f8a1d0c11'));
  });
});

describe('delete-evaluator', () => {
  it('removes the evaluator and its criteria', async () => {
    const created = await createEvaluator();
    const res = await rig.account.call('delete-evaluator', { evaluator_id: created.evaluator_id });
    expect(res.body).toEqual({ data: { message: 'Evaluator deleted successfully' } });
    expect((await rig.account.call('get-evaluator', { evaluator_id: created.evaluator_id })).status).toBe(404);
    expect(await rig.h.db.criterion.count({ where: { evaluatorId: created.evaluator_id } })).toBe(0);
    expect((await rig.account.call('delete-evaluator', { evaluator_id: created.evaluator_id })).status).toBe(404);
  });
});
