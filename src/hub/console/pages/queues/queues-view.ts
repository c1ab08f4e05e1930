import type { JobName } from '../../../../queues/job-catalog.js';
import type { FailedJobView } from '../../../../queues/inspect/failed-jobs.js';
import { watchedJobStates, type QueueCounts } from '../../../../queues/inspect/queue-counts.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { mayOperate } from '../../users/console-user.js';
import { formatDate, layout, type PageFrame } from '../../ui/layout.js';
import { postForm } from '../../ui/post-form.js';

const stateLabels = { waiting: 'Waiting', active: 'Active', delayed: 'Delayed', failed: 'Failed', completed: 'Completed' } as const;
const queuePath = (name: string) => `/console/queues/${encodeURIComponent(name)}`;
const readOnlyHint = html`<p class="hint">Read-only access: an admin retries failed jobs.</p>`;

const countCells = (counts: QueueCounts) =>
  watchedJobStates.map(
    (state) => html`<td data-state="${state}"${state === 'failed' && counts.failed > 0 ? html` class="bad"` : ''}>${counts[state]}</td>`,
  );

/** /console/queues: every job queue with its counts; a queue's name opens its failed jobs. */
export function queuesPage(frame: Omit<PageFrame, 'title' | 'current'>, queues: { name: JobName; counts: QueueCounts }[]): SafeHtml {
  const failed = queues.reduce((sum, q) => sum + q.counts.failed, 0);
  return layout(
    { ...frame, title: 'Queues', current: 'queues' },
    html`<h1>Queues</h1>
<p class="lead-in">The background jobs' BullMQ queues, read from Redis now. Waiting is the depth; a failed job stays until it is retried or 30 days pass.</p>
<p class="counts" id="failed-total"><strong>${failed}</strong> failed job${failed === 1 ? '' : 's'} in all.</p>
<table class="queues">
<caption class="visually-hidden">Jobs per queue and state</caption>
<thead><tr><th scope="col">Queue</th>${watchedJobStates.map((state) => html`<th scope="col">${stateLabels[state]}</th>`)}</tr></thead>
<tbody>
${queues.map((q) => html`<tr data-queue="${q.name}"><th scope="row"><a href="${queuePath(q.name)}">${q.name}</a></th>${countCells(q.counts)}</tr>`)}
</tbody>
</table>`,
  );
}

const retryJobForm = (frame: Omit<PageFrame, 'title' | 'current'>, name: JobName, jobId: string) =>
  postForm(
    frame,
    { action: `${queuePath(name)}/jobs/${encodeURIComponent(jobId)}/retry`, class: 'inline' },
    html`<button type="submit" class="secondary" aria-label="Retry job ${jobId}">Retry</button>`,
  );

/** /console/queues/:name: the queue's counts and its newest failed jobs, with retry for admins. */
export function queueJobsPage(
  frame: Omit<PageFrame, 'title' | 'current'>,
  view: { name: JobName; counts: QueueCounts; failed: FailedJobView[] },
): SafeHtml {
  const canAct = mayOperate(frame.user?.role);
  const { name, counts, failed } = view;
  return layout(
    { ...frame, title: `Queue ${name}`, current: 'queues' },
    html`<p><a href="/console/queues">All queues</a></p>
<h1>Queue ${name}</h1>
<dl class="facts" id="queue-counts">${watchedJobStates.map(
      (state) => html`<div><dt>${stateLabels[state]}</dt>
<dd data-state="${state}"${state === 'failed' && counts.failed > 0 ? html` class="bad"` : ''}>${counts[state]}</dd></div>`,
    )}</dl>
<h2 id="failed-h">Failed jobs</h2>
${
  canAct
    ? counts.failed > 0
      ? postForm(
          frame,
          { action: `${queuePath(name)}/failed/retry`, class: 'bulk-actions', id: 'retry-all' },
          html`<button type="submit">Retry all ${counts.failed} failed</button>
<span class="hint">Each runs once more; one that fails again is back here at once.</span>`,
        )
      : ''
    : readOnlyHint
}
<table class="failed-jobs" aria-describedby="failed-h">
<caption class="visually-hidden">Failed jobs of ${name}, newest first${
      counts.failed > failed.length ? `: the newest ${failed.length} of ${counts.failed}` : ''
    }</caption>
<thead><tr><th scope="col">Failed at</th><th scope="col">Job</th><th scope="col">Data</th><th scope="col">Attempts</th>
<th scope="col">Reason</th>${canAct ? html`<th scope="col"><span class="visually-hidden">Action</span></th>` : ''}</tr></thead>
<tbody>
${failed.length === 0 ? html`<tr><td colspan="${canAct ? 6 : 5}">No failed job in this queue.</td></tr>` : ''}
${failed.map(
  (job) => html`<tr data-job="${job.id}">
  <td>${formatDate(job.failedAt)}</td>
  <td><code>${job.id}</code>${job.name !== name ? html`<br>${job.name}` : ''}</td>
  <td class="data">${job.dataSummary}</td>
  <td>${job.attemptsMade} of ${job.attemptsAllowed}</td>
  <td class="reason pre">${job.reason || '—'}</td>
  ${canAct ? html`<td>${retryJobForm(frame, name, job.id)}</td>` : ''}
</tr>`,
)}
</tbody>
</table>
${
  counts.failed > failed.length
    ? html`<p class="hint">Showing the newest ${failed.length} of ${counts.failed} failed jobs; Retry all retries every
one.</p>`
    : ''
}`,
  );
}
