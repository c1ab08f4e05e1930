/**
 * The verdicts a team agrees on once a session's results are revealed (docs/console.md,
 * "Calibration"): set cell by cell by a lead, or all at once from the reviewers' majority (a tie
 * is left for the lead). Audited.
 */
import { AppError } from '../../../lib/errors/app-error.js';
import type { HubContext } from '../../hub-context.js';
import { recordAudit, type Actor } from '../audit-trail.js';
import { parseVerdict } from '../record-verdict.js';

export interface BenchmarkEntry {
  transcriptionId: string;
  criterionId: string;
  /** PASS/FAIL, or 1..5 for a scale criterion. */
  verdict: string;
}

async function revealedSession(ctx: Pick<HubContext, 'db'>, sessionId: string) {
  const session = await ctx.db.hubCalibrationSession.findUnique({ where: { id: sessionId } });
  if (!session) throw new AppError('not_found', `No calibration session ${sessionId}`);
  if (!session.revealedAt)
    throw new AppError('conflict', 'The benchmark is set once every reviewer has submitted or the session is closed');
  return session;
}

const setterId = (actor: Actor) => (actor.kind === 'user' ? actor.id : '00000000-0000-0000-0000-000000000000');

export async function setCalibrationBenchmarks(
  ctx: Pick<HubContext, 'db'>,
  input: { sessionId: string; entries: readonly BenchmarkEntry[]; actor: Actor },
): Promise<number> {
  const session = await revealedSession(ctx, input.sessionId);
  const calls = await ctx.db.hubCalibrationCall.findMany({ where: { sessionId: session.id }, select: { transcriptionId: true } });
  const criteria = await ctx.db.hubCriterionResult.findMany({
    where: { transcriptionId: { in: calls.map((c) => c.transcriptionId) } },
    select: { transcriptionId: true, criterionId: true, type: true },
  });
  const rows = input.entries
    .filter((e) => e.verdict !== '')
    .map((e) => {
      const criterion = criteria.find((c) => c.transcriptionId === e.transcriptionId && c.criterionId === e.criterionId);
      if (!criterion) throw new AppError('invalid_value', `Criterion ${e.criterionId} of call ${e.transcriptionId} is not in this session`);
      return { ...e, value: parseVerdict(criterion.type, e.verdict) };
    });
  await ctx.db.$transaction(async (tx) => {
    for (const row of rows) {
      const key = { sessionId: session.id, transcriptionId: row.transcriptionId, criterionId: row.criterionId };
      await tx.hubCalibrationBenchmark.upsert({
        where: { sessionId_transcriptionId_criterionId: key },
        create: { ...key, value: row.value, setBy: setterId(input.actor) },
        update: { value: row.value, setBy: setterId(input.actor) },
      });
    }
    await recordAudit(tx, { kind: 'calibration_benchmark', actor: input.actor, after: { session: session.id, cells: rows.length } });
  });
  return rows.length;
}

/** Sets every cell that has no benchmark yet to the reviewers' majority verdict; ties are left unset. */
export async function benchmarkFromMajority(ctx: Pick<HubContext, 'db'>, input: { sessionId: string; actor: Actor }): Promise<number> {
  const session = await revealedSession(ctx, input.sessionId);
  const [verdicts, existing, criteria] = await Promise.all([
    ctx.db.hubCalibrationVerdict.findMany({ where: { sessionId: session.id } }),
    ctx.db.hubCalibrationBenchmark.findMany({ where: { sessionId: session.id }, select: { transcriptionId: true, criterionId: true } }),
    ctx.db.hubCalibrationCall.findMany({ where: { sessionId: session.id }, select: { transcriptionId: true } }).then((calls) =>
      ctx.db.hubCriterionResult.findMany({
        where: { transcriptionId: { in: calls.map((c) => c.transcriptionId) } },
        select: { transcriptionId: true, criterionId: true, type: true },
      }),
    ),
  ]);
  const taken = new Set(existing.map((b) => `${b.transcriptionId}/${b.criterionId}`));
  const entries: BenchmarkEntry[] = [];
  for (const c of criteria) {
    if (taken.has(`${c.transcriptionId}/${c.criterionId}`)) continue;
    const counts = new Map<number, number>();
    for (const v of verdicts) {
      if (v.transcriptionId !== c.transcriptionId || v.criterionId !== c.criterionId) continue;
      const value = c.type === 'scale' ? Math.round(v.value) : v.value >= 0.5 ? 1 : 0;
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    const ranked = [...counts].sort((a, b) => b[1] - a[1]);
    if (ranked.length === 0 || (ranked.length > 1 && ranked[0][1] === ranked[1][1])) continue;
    const value = ranked[0][0];
    entries.push({
      transcriptionId: c.transcriptionId,
      criterionId: c.criterionId,
      verdict: c.type === 'scale' ? String(value) : value === 1 ? 'PASS' : 'FAIL',
    });
  }
  return entries.length === 0 ? 0 : setCalibrationBenchmarks(ctx, { sessionId: session.id, entries, actor: input.actor });
}
