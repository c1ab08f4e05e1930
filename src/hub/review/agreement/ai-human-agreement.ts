/**
 * How far the AI's verdicts agree with the humans' on reviewed calls (docs/console.md,
 * "Agreement"): per criterion, Cohen's kappa of the AI's verdict against the effective human one
 * (the lead's override, or the AI's verdict a reviewer left standing), and its trend by month.
 * Calibration verdicts are not part of it: they never count toward a call's verdicts.
 */
import type { Db } from '../../../db.js';
import { Prisma } from '../../../generated/prisma/client.js';
import { cohensKappaOfCounts, type PairCount } from './cohens-kappa.js';

export interface CriterionKappa {
  name: string;
  reviewed: number;
  kappa: number | null;
  /** Oldest month first: `YYYY-MM` with that month's kappa (null where not defined). */
  months: { month: string; reviewed: number; kappa: number | null }[];
}

interface Row {
  criterion_id: string;
  name: string;
  month: Date;
  ai: number;
  human: number;
  count: bigint;
}

export async function loadAiHumanKappa(db: Db, range: { start: Date; end: Date; evaluator?: string }): Promise<CriterionKappa[]> {
  // A verdict's category: PASS (1) / FAIL (0), or the whole scale value.
  const rows = await db.$queryRaw<Row[]>`
    SELECT c.criterion_id::text, max(c.name) AS name, date_trunc('month', c.recorded_at AT TIME ZONE 'UTC') AS month,
           CASE WHEN c.type = 'scale' THEN round(c.score_raw_ai) ELSE (c.status = 'PASS')::int END AS ai,
           CASE WHEN o.value IS NULL THEN CASE WHEN c.type = 'scale' THEN round(c.score_raw_ai) ELSE (c.status = 'PASS')::int END
                WHEN c.type = 'scale' THEN round(o.value) ELSE (o.value >= 0.5)::int END AS human,
           count(*) AS count
      FROM hub_criterion_results c
      JOIN hub_reviews r ON r.transcription_id = c.transcription_id
      LEFT JOIN hub_review_overrides o ON o.transcription_id = c.transcription_id AND o.criterion_id = c.criterion_id
     WHERE c.recorded_at >= ${range.start} AND c.recorded_at <= ${range.end}
       ${range.evaluator ? Prisma.sql`AND c.evaluator_id = ${range.evaluator}::uuid` : Prisma.empty}
     GROUP BY c.criterion_id, 3, 4, 5`;
  const byCriterion = new Map<string, { name: string; cells: PairCount[]; months: Map<string, PairCount[]> }>();
  for (const row of rows) {
    const entry = byCriterion.get(row.criterion_id) ?? { name: row.name, cells: [] as PairCount[], months: new Map<string, PairCount[]>() };
    const cell = { a: Number(row.ai), b: Number(row.human), count: Number(row.count) };
    entry.cells.push(cell);
    const month = row.month.toISOString().slice(0, 7);
    entry.months.set(month, [...(entry.months.get(month) ?? []), cell]);
    byCriterion.set(row.criterion_id, entry);
  }
  return [...byCriterion.values()]
    .map((c) => {
      const all = cohensKappaOfCounts(c.cells);
      return {
        name: c.name,
        reviewed: all.items,
        kappa: all.kappa,
        months: [...c.months]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([month, cells]) => {
            const k = cohensKappaOfCounts(cells);
            return { month, reviewed: k.items, kappa: k.kappa };
          }),
      };
    })
    .sort((a, b) => b.reviewed - a.reviewed || a.name.localeCompare(b.name));
}
