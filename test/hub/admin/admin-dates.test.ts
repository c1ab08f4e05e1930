/**
 * The admin side of the supported dates: every date input of the admin API is kept as sent (years 1–99
 * included) or refused with a 400 naming the supported range; year 0 and negative years never 500.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorBody, type Harness } from '../../support/harness.js';
import { adminToken, hubStackForFile, type HubStack } from '../../support/hub-stack.js';

let h: Harness;
let stack: HubStack;
hubStackForFile((harness, started) => {
  h = harness;
  stack = started;
});

const range = '0001-01-01 to 9999-12-31 (UTC)';
const get = (path: string) => request(stack.app).get(`/admin${path}`).set('authorization', `Bearer ${adminToken}`);
const post = (path: string, body: object) =>
  request(stack.app).post(`/admin${path}`).set('authorization', `Bearer ${adminToken}`).send(body);

describe('admin date inputs', () => {
  it.each([
    ['/reports/runs?month=0000-01', 'Invalid month: 0000-01 is outside the supported dates, ' + range],
    ['/reports/runs?month=-001-01', 'Invalid month: expected a month, YYYY-MM'],
    ['/transcriptions?from=0000-01-01', 'Invalid from: 0000-01-01 is outside the supported dates, ' + range],
    ['/transcriptions?to=0000-12-31T23:00:00Z', 'Invalid to: 0000-12-31T23:00:00Z is outside the supported dates, ' + range],
    ['/transcriptions?from=-000001-01-01T00:00:00Z', 'Invalid from: expected YYYY-MM-DD or an ISO 8601 datetime'],
    ['/transcriptions?from=%2B010000-01-01T00:00:00Z', 'Invalid from: expected YYYY-MM-DD or an ISO 8601 datetime'],
  ])('GET %s → 400 %s', async (path, message) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('invalid_value', message));
  });

  it('accepts the ends of the range and years 1–99 as themselves', async () => {
    for (const path of [
      '/reports/runs?month=0001-01',
      '/reports/runs?month=0099-12',
      '/reports/runs?month=9999-12',
      '/transcriptions?from=0001-01-01&to=9999-12-31',
      '/transcriptions?from=0050-01-01T00:00:00Z&to=0099-12-31',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
    }
  });

  it('finds a mirrored row of year 99 by its own dates, not by 1999', async () => {
    const id = crypto.randomUUID();
    await h.db.hubTranscription.create({ data: hubRow(id, new Date('0099-06-15T12:00:00.000Z')) });
    const inYear99 = await get('/transcriptions?from=0099-06-15&to=0099-06-15&include_deleted=true');
    expect(inYear99.body.data.items.map((t: { id: string }) => t.id)).toContain(id);
    const in1999 = await get('/transcriptions?from=1999-06-15&to=1999-06-15&include_deleted=true');
    expect(in1999.body.data.items.map((t: { id: string }) => t.id)).not.toContain(id);
  });

  it('refuses a report period in year 0 with a 400, never a 500', async () => {
    for (const period of ['0000-01', '0000-W10']) {
      const res = await post('/reports/runs', { kind: 'account', period });
      expect(res.status, period).toBe(400);
      expect(res.body).toEqual(errorBody('invalid_value', `Invalid period: ${period} is outside the supported dates, ${range}`));
    }
  });
});

function hubRow(id: string, recordedAt: Date) {
  return { id, recordedAt, status: 'COMPLETED', configurationId: crypto.randomUUID(), configurationTag: 'dates', duration: 1 };
}
