/**
 * A calibration session as each person may see it (docs/console.md, "Calibration"). Until the
 * results are revealed, a reviewer gets the calls, the criteria and their own verdicts only: never
 * another reviewer's, never the AI's; the others get the progress (who has submitted). Once
 * revealed: call × criterion × reviewer with the AI as one more column, the benchmark, each
 * reviewer's alignment with it, and per criterion Cohen's kappa of each reviewer and of the AI
 * against the benchmark and Fleiss' kappa among the reviewers.
 */
import type { Db } from '../../../db.js';
import { AppError } from '../../../lib/errors/app-error.js';
import { cohensKappa } from '../agreement/cohens-kappa.js';
import { fleissKappa } from '../agreement/fleiss-kappa.js';

export interface CalibrationCriterion {
  criterionId: string;
  name: string;
  type: string;
}

export interface CalibrationCall {
  transcriptionId: string;
  name: string | null;
  participant: string | null;
  criteria: CalibrationCriterion[];
}

export interface CalibrationReviewer {
  userId: string;
  name: string;
  email: string;
  submitted: boolean;
}

export interface CalibrationCell {
  transcriptionId: string;
  criterionId: string;
  ai: number;
  /** userId → value (only once revealed). */
  reviewers: Record<string, number>;
  benchmark: number | null;
}

export interface CriterionAgreement {
  name: string;
  type: string;
  /** userId → Cohen's kappa against the benchmark (null when not defined). */
  reviewerKappa: Record<string, number | null>;
  aiKappa: number | null;
  fleissKappa: number | null;
  benchmarked: number;
}

export interface CalibrationView {
  id: string;
  title: string;
  deadline: Date | null;
  createdAt: Date;
  revealed: boolean;
  calls: CalibrationCall[];
  reviewers: CalibrationReviewer[];
  /** The viewer's own verdicts: `${transcriptionId}/${criterionId}` → value. */
  mine: Record<string, number>;
  /** Whether the viewer is a reviewer of it and has submitted. */
  viewerIsReviewer: boolean;
  viewerSubmitted: boolean;
  results: {
    cells: CalibrationCell[];
    /** userId → share of benchmarked cells where the reviewer's verdict equals the benchmark (null: no benchmark yet). */
    alignment: Record<string, number | null>;
    aiAlignment: number | null;
    criteria: CriterionAgreement[];
  } | null;
}

const cellKey = (transcriptionId: string, criterionId: string) => `${transcriptionId}/${criterionId}`;
/** The category a value counts in: PASS/FAIL for boolean and strict criteria, the whole number on a scale. */
const category = (type: string, value: number) => (type === 'scale' ? Math.round(value) : value >= 0.5 ? 1 : 0);

/**
 * The session for one viewer: `viewerId` is the console user (or null for the admin API, which
 * sees what a lead who is not a reviewer sees). Not found when it does not exist.
 */
export async function loadCalibrationView(db: Db, sessionId: string, viewerId: string | null): Promise<CalibrationView> {
  const session = await db.hubCalibrationSession.findUnique({
    where: { id: sessionId },
    include: { calls: { orderBy: { position: 'asc' } }, reviewers: true },
  });
  if (!session) throw new AppError('not_found', `No calibration session ${sessionId}`);
  const callIds = session.calls.map((c) => c.transcriptionId);
  const [transcriptions, criteria, users] = await Promise.all([
    db.hubTranscription.findMany({ where: { id: { in: callIds } }, select: { id: true, name: true, participantTag: true } }),
    db.hubCriterionResult.findMany({
      where: { transcriptionId: { in: callIds } },
      orderBy: { position: 'asc' },
      select: { transcriptionId: true, criterionId: true, name: true, type: true, scoreRawAi: true },
    }),
    db.hubConsoleUser.findMany({
      where: { id: { in: session.reviewers.map((r) => r.userId) } },
      select: { id: true, name: true, email: true },
    }),
  ]);
  const revealed = session.revealedAt !== null;
  const viewer = session.reviewers.find((r) => r.userId === viewerId);
  const ownVerdicts = viewer ? await db.hubCalibrationVerdict.findMany({ where: { sessionId, userId: viewer.userId } }) : [];
  const calls = session.calls.map((c) => {
    const t = transcriptions.find((x) => x.id === c.transcriptionId);
    return {
      transcriptionId: c.transcriptionId,
      name: t?.name ?? null,
      participant: t?.participantTag ?? null,
      criteria: criteria
        .filter((r) => r.transcriptionId === c.transcriptionId)
        .map((r) => ({ criterionId: r.criterionId, name: r.name, type: r.type })),
    };
  });
  const reviewers = session.reviewers
    .map((r) => {
      const user = users.find((u) => u.id === r.userId);
      return { userId: r.userId, name: user?.name ?? r.userId, email: user?.email ?? '', submitted: r.submittedAt !== null };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const view: CalibrationView = {
    id: session.id,
    title: session.title,
    deadline: session.deadline,
    createdAt: session.createdAt,
    revealed,
    calls,
    reviewers,
    mine: Object.fromEntries(ownVerdicts.map((v) => [cellKey(v.transcriptionId, v.criterionId), v.value])),
    viewerIsReviewer: viewer !== undefined,
    viewerSubmitted: viewer?.submittedAt != null,
    results: null,
  };
  if (!revealed) return view;

  const [verdicts, benchmarks] = await Promise.all([
    db.hubCalibrationVerdict.findMany({ where: { sessionId } }),
    db.hubCalibrationBenchmark.findMany({ where: { sessionId } }),
  ]);
  const benchmarkOf = new Map(benchmarks.map((b) => [cellKey(b.transcriptionId, b.criterionId), b.value]));
  const cells: CalibrationCell[] = criteria.map((r) => ({
    transcriptionId: r.transcriptionId,
    criterionId: r.criterionId,
    ai: r.scoreRawAi,
    reviewers: Object.fromEntries(
      verdicts.filter((v) => v.transcriptionId === r.transcriptionId && v.criterionId === r.criterionId).map((v) => [v.userId, v.value]),
    ),
    benchmark: benchmarkOf.get(cellKey(r.transcriptionId, r.criterionId)) ?? null,
  }));
  const typeOf = new Map(criteria.map((r) => [cellKey(r.transcriptionId, r.criterionId), r.type]));
  const share = (pairs: [number, number][]) => (pairs.length === 0 ? null : pairs.filter(([a, b]) => a === b).length / pairs.length);
  const benchmarked = cells.filter((c) => c.benchmark !== null);
  const pairsOf = (pick: (cell: CalibrationCell) => number | undefined, of: CalibrationCell[]) =>
    of.flatMap((c): [number, number][] => {
      const value = pick(c);
      const type = typeOf.get(cellKey(c.transcriptionId, c.criterionId)) ?? 'boolean';
      return value === undefined || c.benchmark === null ? [] : [[category(type, value), category(type, c.benchmark)]];
    });

  // Criteria are compared by name across calls (the same evaluator's criterion on every call of the session).
  const names = [...new Set(criteria.map((r) => r.name))];
  const agreement = names.map((name) => {
    const ofName = benchmarked.filter((c) =>
      criteria.some((r) => r.name === name && r.transcriptionId === c.transcriptionId && r.criterionId === c.criterionId),
    );
    const allOfName = cells.filter((c) =>
      criteria.some((r) => r.name === name && r.transcriptionId === c.transcriptionId && r.criterionId === c.criterionId),
    );
    const type = criteria.find((r) => r.name === name)?.type ?? 'boolean';
    const kappaOf = (pick: (cell: CalibrationCell) => number | undefined) => {
      const pairs = pairsOf(pick, ofName);
      return cohensKappa(
        pairs.map((p) => p[0]),
        pairs.map((p) => p[1]),
      ).kappa;
    };
    // Fleiss over the calls every reviewer rated.
    const complete = allOfName.filter((c) => reviewers.every((r) => c.reviewers[r.userId] !== undefined));
    return {
      name,
      type,
      reviewerKappa: Object.fromEntries(reviewers.map((r) => [r.userId, kappaOf((c) => c.reviewers[r.userId])])),
      aiKappa: kappaOf((c) => c.ai),
      fleissKappa: fleissKappa(complete.map((c) => reviewers.map((r) => category(type, c.reviewers[r.userId])))).kappa,
      benchmarked: ofName.length,
    };
  });
  view.results = {
    cells,
    alignment: Object.fromEntries(reviewers.map((r) => [r.userId, share(pairsOf((c) => c.reviewers[r.userId], benchmarked))])),
    aiAlignment: share(pairsOf((c) => c.ai, benchmarked)),
    criteria: agreement,
  };
  return view;
}
