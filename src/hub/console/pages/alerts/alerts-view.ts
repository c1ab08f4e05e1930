import type { HubAlert } from '../../../../generated/prisma/client.js';
import type { AlertStatus } from '../../../alerts/alert-outbox.js';
import { alertStatuses } from '../../../alerts/alert-outbox.js';
import type { AlertRoute } from '../../../alerts/channel-routing.js';
import type { DigestRun } from '../../../alerts/digest-runs.js';
import { mayOperate } from '../../users/console-user.js';
import { html, type SafeHtml } from '../../ui/html.js';
import type { SubjectChoice } from '../../../mirror/subject-choices.js';
import { subjectPicker } from '../../ui/subject-picker.js';
import { formatDate, layout, type PageFrame } from '../../ui/layout.js';
import { postForm, type FormFrame } from '../../ui/post-form.js';

export interface AlertsView {
  filter: { status?: AlertStatus | undefined };
  /** Whether the outbox or the digest runs show an older page (a "Newest" link back). */
  isOlderPage: { alerts: boolean; digestRuns: boolean };
  alerts: HubAlert[];
  /** The cursor of the outbox's next, older page; null on its last page. */
  nextAlertsCursor: string | null;
  counts: Record<AlertStatus, number>;
  routes: AlertRoute[];
  /** Evaluators' names from the mirror (evaluator-names.ts), by id; an unknown one shows its id. */
  evaluatorNames: ReadonlyMap<string, string>;
  /** The evaluators the mirror knows by name, for the route form's picker. */
  evaluatorChoices: readonly SubjectChoice[];
  defaultChannel: string | null;
  digestRuns: DigestRun[];
  nextDigestRunsCursor: string | null;
  notifier: 'slack' | 'log';
}

/** The page's URL with its status filter and the given pages. */
export function alertsQuery(
  view: { status?: AlertStatus | undefined; cursor?: string | null; digestCursor?: string | null },
  anchor = '',
): string {
  const params = new URLSearchParams();
  if (view.status) params.set('status', view.status);
  if (view.cursor) params.set('cursor', view.cursor);
  if (view.digestCursor) params.set('digest_cursor', view.digestCursor);
  const text = params.toString();
  return `/console/alerts${text ? `?${text}` : ''}${anchor}`;
}

/** An evaluator by its name, the id as secondary text; the id alone when the mirror has no name for it. */
function evaluatorCell(id: string, names: ReadonlyMap<string, string>): SafeHtml {
  const name = names.get(id.toLowerCase());
  return name
    ? html`<span class="evaluator-name" title="${id}">${name}</span><br><span class="muted evaluator-id">${id}</span>`
    : html`<span class="evaluator-id">${id}</span>`;
}

const statusLabel: Record<AlertStatus, string> = {
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent',
  delivered_to_log: 'Written to the log',
  failed: 'Failed',
};

/** What Slack answered for a row: the posted message, or the last error. */
function slackAnswer(a: HubAlert): SafeHtml {
  if (a.status === 'sent') return html`<span class="good">ok</span>: message ${a.slackTs ?? '?'} in ${a.slackChannel ?? a.channel ?? '?'}`;
  if (a.status === 'delivered_to_log') return html`written to the log (no bot token)`;
  if (a.lastError)
    return html`<span class="${a.status === 'failed' ? 'bad' : ''}">${a.lastError}</span>${
      a.maybePosted ? html` <span class="hint">(may already be in Slack)</span>` : ''
    }`;
  return html`—`;
}

function retryForm(frame: FormFrame, a: HubAlert): SafeHtml {
  const notPosted = html`<label><input type="checkbox" name="assume_not_posted" value="yes"> I looked: it is not in Slack</label>`;
  return postForm(
    frame,
    { action: `/console/alerts/${a.id}/retry`, class: 'row-action' },
    html`${a.maybePosted ? notPosted : ''}
  <button type="submit" aria-label="Retry alert ${a.id.slice(0, 8)}">Retry</button>`,
  );
}

/** An evaluator's route: its channel, editable, and Remove for a route set in the console or the admin API. */
function routeForms(frame: FormFrame, r: AlertRoute, names: ReadonlyMap<string, string>): SafeHtml {
  const name = names.get(r.evaluatorId.toLowerCase()) ?? r.evaluatorId;
  const save = postForm(
    frame,
    { action: '/console/alerts/routes', class: 'row-action', hidden: { evaluator_id: r.evaluatorId } },
    html`<label class="visually-hidden" for="ch-${r.evaluatorId}">Channel for ${name}</label>
<input id="ch-${r.evaluatorId}" name="channel" value="${r.channel}" required maxlength="80"> <button type="submit">Save</button>`,
  );
  const remove = postForm(
    frame,
    { action: `/console/alerts/routes/${r.evaluatorId}/remove`, class: 'row-action' },
    html`<button type="submit" class="secondary" aria-label="Remove the route of ${name}">Remove</button>`,
  );
  return html`${save}
      ${r.source === 'admin' ? remove : ''}`;
}

function outbox(frame: Omit<PageFrame, 'title' | 'current'>, view: AlertsView, canAct: boolean): SafeHtml {
  const total = alertStatuses.reduce((n, s) => n + view.counts[s], 0);
  return html`<section aria-labelledby="outbox-h"><h2 id="outbox-h">Outbox</h2>
<p class="counts" id="alert-counts">${alertStatuses.map(
    (s) => html`<span class="count-${s}">${statusLabel[s]}:
<strong>${view.counts[s]}</strong></span> `,
  )}</p>
<form method="get" action="/console/alerts" class="filters" aria-label="Filter alerts">
  <div class="field"><label for="f-status">Status</label><select id="f-status" name="status">
    <option value="">Any (${total})</option>
    ${alertStatuses.map((s) => html`<option value="${s}"${view.filter.status === s ? html` selected` : ''}>${statusLabel[s]} (${view.counts[s]})</option>`)}
  </select></div>
  <div class="actions"><button type="submit">Apply filter</button> <a href="/console/alerts">Clear</a></div>
</form>
<table class="alerts">
<caption class="visually-hidden">Slack alerts, newest first (100 a page)</caption>
<thead><tr><th scope="col">Created</th><th scope="col">Call</th><th scope="col">Status</th><th scope="col">Channel</th><th scope="col">Attempts</th>
<th scope="col">Slack's answer</th><th scope="col">Sent</th>${canAct ? html`<th scope="col">Action</th>` : ''}</tr></thead>
<tbody>
${
  view.alerts.length === 0
    ? html`<tr>
<td colspan="${canAct ? 8 : 7}">No alerts${view.filter.status ? ` with status ${statusLabel[view.filter.status]}` : ''}.</td></tr>`
    : ''
}
${view.alerts.map(
  (a) => html`<tr data-id="${a.id}" data-status="${a.status}">
  <td>${formatDate(a.createdAt)}</td>
  <td><a href="/console/calls/${a.transcriptionId}">${a.transcriptionId.slice(0, 8)}</a></td>
  <td class="status">${statusLabel[a.status as AlertStatus] ?? a.status}</td>
  <td>${a.channel ?? '—'}</td>
  <td>${a.attempts}</td>
  <td class="slack-answer">${slackAnswer(a)}</td>
  <td>${formatDate(a.sentAt)}</td>
  ${canAct ? html`<td>${a.status === 'failed' ? retryForm(frame, a) : ''}</td>` : ''}
</tr>`,
)}
</tbody></table>
<nav class="pager" aria-label="Pages of alerts">
  ${view.isOlderPage.alerts ? html`<a href="${alertsQuery({ status: view.filter.status }, '#outbox-h')}" id="alerts-newest">Newest</a>` : ''}
  ${
    view.nextAlertsCursor
      ? html`<a href="${alertsQuery({ status: view.filter.status, cursor: view.nextAlertsCursor }, '#outbox-h')}"
rel="next" id="alerts-older">Older</a>`
      : ''
  }
</nav></section>`;
}

function routesSection(frame: Omit<PageFrame, 'title' | 'current'>, view: AlertsView, canAct: boolean): SafeHtml {
  return html`<section aria-labelledby="routes-h"><h2 id="routes-h">Channel routes</h2>
<p>Default channel: <strong id="default-channel">${
    view.defaultChannel ?? 'none (SLACK_DEFAULT_CHANNEL is not set)'
  }</strong>. Alerts go to ${view.notifier === 'slack' ? 'Slack' : 'the log (no SLACK_BOT_TOKEN)'}. An evaluator's
route set here wins over SLACK_EVALUATOR_CHANNELS.</p>
<table class="routes"><caption class="visually-hidden">Per-evaluator alert channels</caption>
<thead><tr><th scope="col">Evaluator</th><th scope="col">Channel</th><th scope="col">Set by</th>${canAct ? html`<th scope="col">Change</th>` : ''}</tr></thead>
<tbody>
${view.routes.length === 0 ? html`<tr><td colspan="${canAct ? 4 : 3}">No per-evaluator routes: every alert goes to the default channel.</td></tr>` : ''}
${view.routes.map(
  (r) => html`<tr data-evaluator="${r.evaluatorId}">
  <td class="evaluator">${evaluatorCell(r.evaluatorId, view.evaluatorNames)}</td><td class="channel">${r.channel}</td>
<td>${r.source === 'admin' ? 'console or admin API' : 'SLACK_EVALUATOR_CHANNELS'}</td>
  ${canAct ? html`<td>${routeForms(frame, r, view.evaluatorNames)}</td>` : ''}
</tr>`,
)}
</tbody></table>
${
  canAct
    ? html`${postForm(
        frame,
        { action: '/console/alerts/routes', class: 'filters', label: 'Route an evaluator' },
        html`${subjectPicker({
          id: 'route-evaluator',
          name: 'evaluator_id',
          label: 'Evaluator',
          groups: [{ label: 'Evaluators', choices: view.evaluatorChoices }],
          required: true,
        })}
  <div class="field"><label for="route-channel">Channel (#name or id)</label><input id="route-channel" name="channel" required maxlength="80"></div>
  <div class="actions"><button type="submit">Route its alerts</button></div>`,
      )}
${postForm(
  frame,
  { action: '/console/alerts/test', class: 'filters', label: 'Send a test message' },
  html`<div class="field"><label for="test-channel">Channel (empty: the default)</label><input id="test-channel" name="channel" maxlength="80"></div>
  <div class="actions"><button type="submit">Send a test message</button></div>`,
)}`
    : ''
}
</section>`;
}

function digestSection(frame: Omit<PageFrame, 'title' | 'current'>, view: AlertsView, canAct: boolean): SafeHtml {
  return html`<section aria-labelledby="digest-h"><h2 id="digest-h">Pending-review digest</h2>
${canAct ? postForm(frame, { action: '/console/alerts/digest' }, html`<button type="submit" id="send-digest">Send the digest now</button>`) : ''}
<table class="digest-runs"><caption>The digest's runs, newest first (10 a page)</caption>
<thead><tr><th scope="col">Finished</th><th scope="col">Trigger</th><th scope="col">Tick</th><th scope="col">Pending</th><th scope="col">Posted</th>
<th scope="col">Slack's errors</th></tr></thead>
<tbody>
${view.digestRuns.length === 0 ? html`<tr><td colspan="6">No digest has run yet.</td></tr>` : ''}
${view.digestRuns.map(
  (
    d,
  ) => html`<tr data-id="${d.id}"><td>${formatDate(d.finishedAt)}</td><td>${d.trigger === 'clock' ? 'schedule' : 'sent now'}</td><td>${d.tick}</td>
<td>${d.pending}</td>
  <td>${d.posts.length ? d.posts.map((p) => html`${p.channel}: ${p.outcome === 'posted_before' ? 'already posted' : p.outcome} (${p.pending})<br>`) : '—'}</td>
  <td>${d.failures.length ? d.failures.map((f) => html`<span class="bad">${f.channel}: ${f.error}</span><br>`) : '—'}</td></tr>`,
)}
</tbody></table>
<nav class="pager" aria-label="Pages of digest runs">
  ${view.isOlderPage.digestRuns ? html`<a href="${alertsQuery({ status: view.filter.status }, '#digest-h')}" id="digest-runs-newest">Newest</a>` : ''}
  ${
    view.nextDigestRunsCursor
      ? html`<a href="${alertsQuery({ status: view.filter.status, digestCursor: view.nextDigestRunsCursor }, '#digest-h')}"
rel="next" id="digest-runs-older">Older</a>`
      : ''
  }
</nav></section>`;
}

export function alertsPage(frame: Omit<PageFrame, 'title' | 'current'>, view: AlertsView): SafeHtml {
  const canAct = mayOperate(frame.user?.role);
  return layout(
    { ...frame, title: 'Alerts', current: 'alerts' },
    html`<h1>Alerts</h1>
<p class="lead-in">Slack alerts of critical fails: every alert is a row of the outbox until Slack has it. ${
      canAct
        ? ''
        : html`<span class="hint">Read-only
access: an admin retries alerts, edits routes and sends messages.</span>`
    }</p>
${outbox(frame, view, canAct)}
${routesSection(frame, view, canAct)}
${digestSection(frame, view, canAct)}`,
  );
}
