/**
 * How the hub reads an analytics answer it has paid for, in the two levels of docs/reports.md
 * ("Answers kept as they came"): the whole `data` is kept as received; the account-wide answer's
 * shape is not shown by the vendor, so nothing in it is required; the two dashboards' members are
 * promised, so each is checked, and a member that breaks its promise is reported (never a reason
 * to drop the answer). What can be read (kpis here, the tables in export/answer-tables.ts) is read
 * loosely.
 */
import type { z } from 'zod';
import { UpstreamEvaluatorDashboard, UpstreamParticipantDashboard } from '../../client/answers/upstream-dashboards.js';
import { formatPath } from '../../../lib/http/validate-input.js';
import { isPlainObject } from '../export/answer-tables.js';
import type { AnalyticsEndpoint } from '../quota/analytics-endpoints.js';
import type { AnalyticsData } from '../quota/pull-analytics.js';

export interface ContractIssue {
  /** `data.kpis.total_calls`. */
  path: string;
  message: string;
}

export interface ReportAnswer {
  /** The answer's `data` as received, every member kept: what the snapshot stores. */
  data: AnalyticsData;
  /** `data.kpis` when it is an object (the summary reads its cells loosely); empty otherwise. */
  kpis: Record<string, unknown>;
  /** The dashboard's promised members that the answer broke; always empty for the account-wide answer. */
  brokenPromises: ContractIssue[];
}

/** Dashboards whose members the vendor promises (spec: "Analytics: evaluator and participant dashboards"). */
const promisedMembers: Partial<Record<AnalyticsEndpoint, Readonly<Record<string, z.ZodType>>>> = {
  'analytics-evaluator': UpstreamEvaluatorDashboard.shape,
  'analytics-participant': UpstreamParticipantDashboard.shape,
};

const maxIssues = 20;

export function readReportAnswer(endpoint: AnalyticsEndpoint, data: AnalyticsData): ReportAnswer {
  return { data, kpis: isPlainObject(data.kpis) ? data.kpis : {}, brokenPromises: brokenPromisesOf(endpoint, data) };
}

/** Each promised member checked on its own, so one broken member does not hide the others. */
function brokenPromisesOf(endpoint: AnalyticsEndpoint, data: AnalyticsData): ContractIssue[] {
  const members = promisedMembers[endpoint];
  if (!members) return [];
  const issues: ContractIssue[] = [];
  for (const [member, schema] of Object.entries(members)) {
    const result = schema.safeParse(data[member]);
    if (result.success) continue;
    for (const issue of result.error.issues) issues.push({ path: `data.${formatPath([member, ...issue.path])}`, message: issue.message });
  }
  return issues.slice(0, maxIssues);
}

/** One sentence for the run's reason: each broken member with its first issue, and that the answer was kept. */
export function describeBrokenPromises(issues: readonly ContractIssue[]): string {
  const byMember = new Map<string, ContractIssue>();
  for (const issue of issues) {
    const member = /^data\.([^.[]+)/.exec(issue.path)?.[1] ?? issue.path;
    if (!byMember.has(member)) byMember.set(member, issue);
  }
  const listed = [...byMember.values()].map((i) => `${i.path}: ${i.message}`).join('; ');
  const more = issues.length > byMember.size ? ` (${issues.length} issues in all)` : '';
  return `the answer breaks the dashboard's contract at ${listed}${more}; it was kept as received and exported as far as it could be read`;
}
