import type { ReconcileRun } from '../../../mirror/sync-state.js';
import type { ReceiptOutcome, ReceiptWithMirrorJob } from '../../../webhooks/receipt-log.js';
import type { ReceiptFilters } from './receipt-filters.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { mayOperate } from '../../users/console-user.js';
import { formatDate, layout, type PageFrame } from '../../ui/layout.js';
import { postForm } from '../../ui/post-form.js';

type Frame = Omit<PageFrame, 'title' | 'current'>;

export const outcomeLabels: Record<ReceiptOutcome, string> = {
  accepted: 'Accepted',
  duplicate: 'Duplicate',
  bad_signature: 'Bad signature',
  stale: 'Stale',
  malformed: 'Malformed',
};

export function receiptsQuery(f: Partial<ReceiptFilters>): string {
  const params = new URLSearchParams();
  if (f.outcome) params.set('outcome', f.outcome);
  if (f.transcription) params.set('transcription', f.transcription);
  if (f.cursor) params.set('cursor', f.cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const jobState = (state: string) => html`<span class="status job-${state}">${state}</span>`;
const lag = (r: ReceiptWithMirrorJob) =>
  r.mirroredAt ? `${formatDate(r.mirroredAt)} (${Math.max(0, r.mirroredAt.getTime() - r.receivedAt.getTime())} ms after)` : '—';
const shortId = (id: string) => (id.length > 24 ? `${id.slice(0, 22)}…` : id);

interface ReceiptsView {
  filters: ReceiptFilters;
  counts: Record<ReceiptOutcome, number>;
  since: Date;
  receipts: { receipts: ReceiptWithMirrorJob[]; nextCursor: string | null } | null;
  rejections: { id: string; outcome: string; reason: string; webhookId: string | null; path: string; receivedAt: Date }[] | null;
  runs: ReconcileRun[];
  quarantined: QuarantinedRow[];
}

/** An upstream item the hub could not read (mirror/quarantine.ts). */
export interface QuarantinedRow {
  operation: string;
  itemKey: string;
  reason: string;
  raw: unknown;
  firstSeenAt: Date;
  lastSeenAt: Date;
  timesSeen: number;
}

/** The sync's health in one line at the top: a failed last run or quarantined items, with why. */
function healthBanner(runs: ReconcileRun[], quarantined: QuarantinedRow[]): SafeHtml {
  const last = runs[0];
  const lastOk = runs.find((r) => r.ok);
  const problems: SafeHtml[] = [];
  if (last && !last.ok) {
    problems.push(
      html`<li>The last reconciliation failed ${formatDate(new Date(last.lastReconcileAt))}: ${last.error}. ${
        lastOk ? html`The last one that succeeded ran ${formatDate(new Date(lastOk.lastReconcileAt))}.` : 'None has succeeded yet.'
      }</li>`,
    );
  }
  if (quarantined.length) {
    problems.push(
      html`<li>${quarantined.length} upstream item${quarantined.length === 1 ? '' : 's'} could not be read and ${
        quarantined.length === 1 ? 'is' : 'are'
      } quarantined (below); every other call is mirrored, and these are tried again at each reconciliation.</li>`,
    );
  }
  if (!problems.length)
    return html`<p class="flash ok" id="sync-health">Sync healthy: ${
      last
        ? html`last reconciliation ${formatDate(new Date(last.lastReconcileAt))}, nothing
quarantined.`
        : 'no reconciliation has run yet, nothing quarantined.'
    }</p>`;
  return html`<div class="flash error" id="sync-health" role="status"><strong>Sync needs attention</strong><ul>${problems}</ul></div>`;
}

const rawPreview = (raw: unknown) => {
  const text = JSON.stringify(raw) ?? 'null';
  return text.length > 300 ? `${text.slice(0, 297)}…` : text;
};

function quarantineTable(quarantined: QuarantinedRow[]): SafeHtml {
  if (!quarantined.length) return html``;
  return html`<h2 id="quarantine-h">Quarantined upstream items</h2>
<p class="hint">Answers or list rows that break what the API description promises. They are kept as they came; reconciliation tries each again at every run.
The admin API lists them whole: <code>GET /admin/sync/quarantine</code>.</p>
<div class="table-scroll"><table class="quarantine" aria-labelledby="quarantine-h">
<thead><tr><th scope="col">Operation</th><th scope="col">Item</th><th scope="col">Why</th><th scope="col">As it came</th><th scope="col">First seen</th>
<th scope="col">Last seen</th><th scope="col">Seen</th></tr></thead>
<tbody>
${quarantined.map(
  (q) =>
    html`<tr><td>${q.operation}</td><td><code>${q.itemKey}</code></td><td>${q.reason}</td><td><code class="raw">${rawPreview(q.raw)}</code></td>
<td>${formatDate(q.firstSeenAt)}</td><td>${formatDate(q.lastSeenAt)}</td><td>${q.timesSeen}</td></tr>`,
)}
</tbody>
</table></div>`;
}

function remirrorButton(frame: Frame, transcriptionId: string, returnTo: string): SafeHtml {
  return postForm(
    frame,
    { action: '/console/receipts/remirror', class: 'inline remirror', hidden: { transcription_id: transcriptionId, return_to: returnTo } },
    html`<button type="submit" class="secondary" aria-label="Re-mirror transcription ${transcriptionId.slice(0, 8)}">Re-mirror</button>`,
  );
}

function receiptsTable(frame: Frame, view: ReceiptsView, returnTo: string): SafeHtml {
  const canAct = mayOperate(frame.user?.role);
  const page = view.receipts;
  if (!page) return html``;
  return html`<h2 id="receipts-h">Accepted webhooks</h2>
<table class="receipts" aria-labelledby="receipts-h">
<thead><tr><th scope="col">Received</th><th scope="col">Transcription</th><th scope="col">Event</th><th scope="col">Receiver</th><th scope="col">Outcome</th>
<th scope="col">Mirror job</th><th scope="col">Job error</th>
<th scope="col">Mirrored</th>${canAct ? html`<th scope="col"><span class="visually-hidden">Actions</span></th>` : ''}</tr></thead>
<tbody>
${page.receipts.length === 0 ? html`<tr><td colspan="${canAct ? 9 : 8}">No accepted webhook with these filters.</td></tr>` : ''}
${page.receipts.map(
  (r) => html`<tr data-transcription="${r.transcriptionId}" data-job-state="${r.mirrorJob.state}">
  <td>${formatDate(r.receivedAt)}</td>
  <td><a href="/console/calls/${r.transcriptionId}">${r.transcriptionId.slice(0, 8)}</a>
<a class="muted" href="/console/receipts${receiptsQuery({ transcription: r.transcriptionId })}"
aria-label="Receipts of ${r.transcriptionId.slice(0, 8)}">(all)</a></td>
  <td>${r.eventType}</td>
  <td>${r.outcome}</td>
  <td>Accepted${
    r.duplicates
      ? html`<br><span class="muted">+ ${r.duplicates} duplicate${
          r.duplicates === 1 ? '' : 's'
        }, last ${formatDate(r.lastDuplicateAt)}</span>`
      : ''
  }</td>
  <td>${jobState(r.mirrorJob.state)}${
    r.mirrorJob.attempts ? html` <span class="muted">(${r.mirrorJob.attempts} attempt${r.mirrorJob.attempts === 1 ? '' : 's'})</span>` : ''
  }</td>
  <td class="${r.mirrorJob.error ? 'bad' : ''}">${r.mirrorJob.error ?? '—'}</td>
  <td>${lag(r)}</td>
  ${canAct ? html`<td>${remirrorButton(frame, r.transcriptionId, returnTo)}</td>` : ''}
</tr>`,
)}
</tbody>
</table>
<nav class="pager" aria-label="Pages of receipts">
  ${view.filters.cursor ? html`<a href="/console/receipts${receiptsQuery({ ...view.filters, cursor: undefined })}">First page</a>` : ''}
  ${page.nextCursor ? html`<a href="/console/receipts${receiptsQuery({ ...view.filters, cursor: page.nextCursor })}" rel="next">Next page</a>` : ''}
</nav>`;
}

function rejectionsTable(view: ReceiptsView): SafeHtml {
  if (!view.rejections) return html``;
  return html`<h2 id="rejections-h">Refused webhooks</h2>
<p class="hint">Nothing of a refused webhook is stored or queued; the newest 1,000 are kept here.</p>
<table class="rejections" aria-labelledby="rejections-h">
<thead><tr><th scope="col">Received</th><th scope="col">Outcome</th><th scope="col">Reason</th><th scope="col">Webhook id</th><th scope="col">Receiver</th></tr>
</thead>
<tbody>
${view.rejections.length === 0 ? html`<tr><td colspan="5">No refused webhook with these filters.</td></tr>` : ''}
${view.rejections.map(
  (r) => html`<tr data-outcome="${r.outcome}">
  <td>${formatDate(r.receivedAt)}</td><td class="bad">${outcomeLabels[r.outcome as ReceiptOutcome] ?? r.outcome}</td><td>${r.reason}</td>
<td>${r.webhookId ? shortId(r.webhookId) : '—'}</td><td>${r.path}</td>
</tr>`,
)}
</tbody>
</table>`;
}

function runsTable(runs: ReconcileRun[]): SafeHtml {
  return html`<h2 id="runs-h">Reconciliation: last runs</h2>
<p class="hint">The reconciliation lists the upstream's transcriptions and queues a mirror for each one new, changed, gone or whose webhook never came.</p>
<table class="runs" aria-labelledby="runs-h">
<thead><tr><th scope="col">Ran</th><th scope="col">Result</th><th scope="col">Listed</th><th scope="col">New</th><th scope="col">Changed</th>
<th scope="col">Gone</th><th scope="col">Webhook never came</th><th scope="col">Rows quarantined</th><th scope="col">Error</th></tr></thead>
<tbody>
${runs.length === 0 ? html`<tr><td colspan="9">No reconciliation has run yet.</td></tr>` : ''}
${runs.map((r) =>
  r.ok
    ? html`<tr><td>${formatDate(new Date(r.lastReconcileAt))}</td><td class="good">OK${r.listCut ? ' (list cut short: deletions not checked)' : ''}</td><td>${r.listed}</td>
<td>${r.queuedNew}</td><td>${r.queuedChanged}</td><td>${r.queuedGone}</td><td>${r.queuedUnsent}</td><td>${r.rowsQuarantined ?? 0}</td><td>—</td></tr>`
    : html`<tr><td>${formatDate(new Date(r.lastReconcileAt))}</td><td class="bad">Failed</td><td>—</td><td>—</td><td>—</td><td>—</td><td>—</td><td>—</td>
<td>${r.error}</td></tr>`,
)}
</tbody>
</table>`;
}

export function receiptsPage(frame: Frame, view: ReceiptsView): SafeHtml {
  const { filters, counts } = view;
  const canAct = mayOperate(frame.user?.role);
  const returnTo = `/console/receipts${receiptsQuery(filters)}`;
  const choice = (value: string, label: string) =>
    html`<option value="${value}"${(filters.outcome ?? '') === value ? html` selected` : ''}>${label}</option>`;
  return layout(
    { ...frame, title: 'Receipts', current: 'receipts' },
    html`<h1>Receipts</h1>
<p class="lead-in">Webhooks the hub received from the upstream, how each was verified, and the mirror job it became. Times are UTC.</p>
${healthBanner(view.runs, view.quarantined)}
<h2 id="counts-h" class="visually-hidden">Outcomes</h2>
<ul class="kpis" id="outcome-counts" aria-labelledby="counts-h">
${(Object.keys(outcomeLabels) as ReceiptOutcome[]).map(
  (o) => html`<li data-outcome="${o}"><a href="/console/receipts${receiptsQuery({ outcome: o })}">
<span class="kpi">${counts[o]}</span> ${outcomeLabels[o]}</a></li>`,
)}
</ul>
<p class="hint">Counts since ${formatDate(view.since)} (the last 24 hours).</p>
<form method="get" action="/console/receipts" class="filters" aria-label="Filters">
  <div class="field"><label for="f-outcome">Outcome</label>
<select id="f-outcome" name="outcome">${choice('', 'Any')}${(Object.keys(outcomeLabels) as ReceiptOutcome[]).map((o) => choice(o, outcomeLabels[o]))}</select>
</div>
  <div class="field"><label for="f-transcription">Transcription id</label><input id="f-transcription" name="transcription" value="${
    filters.transcription ?? ''
  }" size="38"></div>
  <div class="actions"><button type="submit">Apply filters</button> <a href="/console/receipts">Clear</a></div>
</form>
${
  canAct
    ? postForm(
        frame,
        {
          action: '/console/receipts/remirror',
          class: 'filters',
          id: 'remirror-form',
          label: 'Re-mirror a transcription',
          hidden: { return_to: returnTo },
        },
        html`<div class="field"><label for="remirror-id">Transcription id to mirror
again</label><input id="remirror-id" name="transcription_id" required size="38"></div>
  <div class="actions"><button type="submit">Re-mirror</button></div>`,
      )
    : html`<p class="hint">Read-only access: an admin re-mirrors transcriptions.</p>`
}
${receiptsTable(frame, view, returnTo)}
${rejectionsTable(view)}
${quarantineTable(view.quarantined)}
${runsTable(view.runs)}`,
  );
}
