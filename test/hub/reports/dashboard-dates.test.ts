/**
 * raw_data's `date` in the two dashboards: typed "timestamp" by the API description, which
 * promises an offset only for the timestamps it names, so the hub reads it with or without one
 * (src/hub/client/answers/upstream-dashboards.ts).
 */
import { describe, expect, it } from 'vitest';
import { upstreamAnswers } from '../../../src/hub/client/answers/upstream-answers.js';
import { readReportAnswer } from '../../../src/hub/reports/runs/read-report-answer.js';
import { dashboardAnswer } from '../../fakes/analytics-answers.js';

const withDate = (kind: 'evaluator' | 'participant', date: string) => {
  const answer = dashboardAnswer(kind, 1);
  const [row] = answer.raw_data as Record<string, unknown>[];
  return { ...answer, raw_data: [{ ...row, date }] };
};

describe("a dashboard's raw_data dates", () => {
  for (const kind of ['evaluator', 'participant'] as const) {
    const operation = `analytics-${kind}` as const;
    it(`${operation}: reads them with or without an offset, kept as sent, and refuses what is no date-time`, () => {
      for (const date of [
        '2026-10-01T09:30:00',
        '2026-10-01T09:30:00.250',
        '2026-10-01T09:30:00Z',
        '2026-10-01T09:30:00+0100',
        '2026-10-01T09:30',
      ]) {
        const read = upstreamAnswers[operation].safeParse(withDate(kind, date));
        expect(read.success, date).toBe(true);
        expect((read.data?.raw_data[0] as { date: string }).date).toBe(date);
        expect(readReportAnswer(operation, withDate(kind, date)).brokenPromises, date).toEqual([]);
      }
      expect(upstreamAnswers[operation].safeParse(withDate(kind, 'yesterday')).success).toBe(false);
      expect(readReportAnswer(operation, withDate(kind, 'yesterday')).brokenPromises).toEqual([
        { path: 'data.raw_data[0].date', message: 'expected an ISO 8601 date-time' },
      ]);
    });
  }
});
