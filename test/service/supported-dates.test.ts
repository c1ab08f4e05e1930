/**
 * Every date the API accepts is stored exactly as sent (years 1–99 included,
 * never 19xx) or refused with a 400 naming the supported range; year 0 and negative years never 500.
 */
import { describe, expect, it } from 'vitest';
import { parseCalendarDay, parseDateTime, utcInstant } from '../../src/contract/dates.js';
import { errorBody } from '../support/harness.js';
import { serviceForFile } from '../support/service-for-file.js';

const rig = serviceForFile({ recordings: true, configuration: { tag: 'dates' } });

const range = '0001-01-01 to 9999-12-31 (UTC)';

describe('the date parsers', () => {
  it('keep years 1–99 and refuse year 0 and what falls outside 0001–9999', () => {
    expect(utcInstant(99, 11, 31).toISOString()).toBe('0099-12-31T00:00:00.000Z');
    expect(parseDateTime('0099-12-31T10:00:00Z')).toEqual({ ok: true, value: new Date('0099-12-31T10:00:00.000Z') });
    expect(parseDateTime('0001-01-01')).toEqual({ ok: true, value: new Date('0001-01-01T00:00:00.000Z') });
    expect(parseDateTime('0000-01-01')).toEqual({ ok: false, reason: 'out_of_range' });
    expect(parseDateTime('0001-01-01T00:30+01:00')).toEqual({ ok: false, reason: 'out_of_range' });
    expect(parseDateTime('9999-12-31T23:00-05:00')).toEqual({ ok: false, reason: 'out_of_range' });
    expect(parseDateTime('-000001-01-01T00:00:00Z')).toEqual({ ok: false, reason: 'malformed' });
    expect(parseCalendarDay('0004-02-29')).toMatchObject({ ok: true, value: { year: 4, month: 2, day: 29 } });
    expect(parseCalendarDay('0100-02-29')).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('submit period_date', () => {
  it.each([
    ['0099-12-31T10:00:00Z', '0099-12-31T10:00:00.000Z'],
    ['0001-01-01', '0001-01-01T00:00:00.000Z'],
    ['0050-06-15T12:30:00+02:00', '0050-06-15T10:30:00.000Z'],
    ['9999-12-31T23:59:59Z', '9999-12-31T23:59:59.000Z'],
  ])('stores %s exactly as sent', async (period_date, stored) => {
    const res = await rig.account.call('submit', {
      configuration_id: rig.configurationId,
      url: `${rig.recordings.baseUrl}/hang/x.wav`,
      period_date,
    });
    expect(res.status).toBe(201);
    const id = res.body.data.transcription_id as string;
    expect((await rig.h.db.transcription.findUniqueOrThrow({ where: { id } })).createdAt.toISOString()).toBe(stored);
    const read = await rig.account.call('get-transcription', { transcription_id: id });
    expect(read.status).toBe(200);
    expect(read.body.data.details.created_at).toBe(stored.replace('Z', '+00:00'));
  });

  it.each(['0000-01-01', '0000-12-31T23:59:59Z', '0001-01-01T00:00:00+00:01'])(
    'refuses %s with a 400 naming the range',
    async (period_date) => {
      const res = await rig.account.call('submit', {
        configuration_id: rig.configurationId,
        url: `${rig.recordings.baseUrl}/hang/x.wav`,
        period_date,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errorBody('invalid_value', `Invalid period_date: ${period_date} is outside the supported dates, ${range}`));
    },
  );

  it.each(['-000001-01-01T00:00:00Z', '+010000-01-01', '10000-01-01'])('refuses %s as malformed (400)', async (period_date) => {
    const res = await rig.account.call('submit', {
      configuration_id: rig.configurationId,
      url: `${rig.recordings.baseUrl}/hang/x.wav`,
      period_date,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('invalid_value', 'Invalid period_date: expected YYYY-MM-DD or an ISO 8601 datetime'));
  });
});

describe('analytics date filters', () => {
  it('accept years 1–99 as themselves', async () => {
    for (const dates of [
      { start_date: '0050-01-01', end_date: '0099-12-31' },
      { start_date: '0001-01-01', end_date: '0001-01-31' },
      { start_date: '9999-12-01', end_date: '9999-12-31' },
    ]) {
      const res = await rig.account.call('analytics', dates);
      expect(res.status, JSON.stringify(dates)).toBe(200);
    }
  });

  it.each([
    ['analytics', {}],
    ['analytics-evaluator', { evaluator_id: '00000000-0000-4000-8000-000000000000' }],
    ['analytics-participant', { participant_id: '00000000-0000-4000-8000-000000000000' }],
  ] as const)('%s refuses year 0 with a 400 naming the range', async (operation, base) => {
    const res = await rig.account.call(operation, { ...base, start_date: '0000-01-01' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('invalid_value', `Invalid start_date: 0000-01-01 is outside the supported dates, ${range}`));
    const end = await rig.account.call(operation, { ...base, end_date: '-0001-01-01' });
    expect(end.status).toBe(400);
    expect(end.body).toEqual(errorBody('invalid_value', 'Invalid end_date: expected YYYY-MM-DD'));
  });
});
