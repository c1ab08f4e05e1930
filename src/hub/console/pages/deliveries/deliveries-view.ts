import type { DeliveryFilters } from './delivery-filters.js';
import { displayUrl } from './mask-url.js';
import type { DeliveryAccount, DeliveryAccountFacts, DeliveryStatus, DeliveryView } from './outgoing-deliveries.js';
import { toFormInstant } from '../../console-form.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { mayOperate } from '../../users/console-user.js';
import { formatDate, layout, type PageFrame } from '../../ui/layout.js';
import { postForm } from '../../ui/post-form.js';

type Frame = Omit<PageFrame, 'title' | 'current'>;

export const notRunningHere =
  'Outgoing deliveries are those of the built-in service, which is not running here: this deployment runs in hub-only mode (BUILT_IN_SERVICE), ' +
  'following another deployment of the API, whose deliveries are in its own console or admin API.';

/** The list's query string (account and filters, without the cursor unless given). */
export function deliveriesQuery(
  f: Partial<Omit<DeliveryFilters, 'since' | 'until'>> & { since?: Date | undefined; until?: Date | undefined },
): string {
  const params = new URLSearchParams();
  if (f.account) params.set('account', f.account);
  if (f.status) params.set('status', f.status);
  if (f.since) params.set('since', toFormInstant(f.since));
  if (f.until) params.set('until', toFormInstant(f.until));
  if (f.cursor) params.set('cursor', f.cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const statusLabel: Record<DeliveryStatus, string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed: retries exhausted' };
export const statusBadge = (status: DeliveryStatus) => html`<span class="status status-${status}">${statusLabel[status]}</span>`;

/** The last answer: an HTTP status, or the network error when there was none. */
export const lastAnswer = (d: Pick<DeliveryView, 'lastStatusCode' | 'lastError'>) =>
  d.lastStatusCode !== null
    ? html`HTTP ${d.lastStatusCode}${d.lastError ? html` <span class="muted">${d.lastError}</span>` : ''}`
    : (d.lastError ?? '—');

export const formatMs = (ms: number | undefined) => (ms === undefined ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** An admin's replay button for a finished delivery (a pending one is still being tried). */
export function replayForm(
  frame: Frame,
  account: DeliveryAccount,
  d: Pick<DeliveryView, 'id' | 'status'>,
  returnTo: string,
): SafeHtml | '' {
  if (!mayOperate(frame.user?.role) || d.status === 'pending') return '';
  return postForm(
    frame,
    { action: `/console/deliveries/${d.id}/replay`, class: 'inline replay', hidden: { account: account.id, return_to: returnTo } },
    html`<button type="submit" class="secondary" aria-label="Replay delivery ${d.id.slice(0, 8)}">Replay</button>`,
  );
}

export function deliveriesUnavailablePage(frame: Frame): SafeHtml {
  return layout(
    { ...frame, title: 'Deliveries', current: 'deliveries' },
    html`<h1>Deliveries</h1>
<p class="flash error" role="status" id="not-here">${notRunningHere}</p>`,
  );
}

function accountPicker(accounts: DeliveryAccount[], selected: string | undefined): SafeHtml {
  const missing = selected !== undefined && !accounts.some((a) => a.id === selected);
  return html`<form method="get" action="/console/deliveries" class="filters" aria-label="Account">
<div class="field"><label for="d-account">Account</label>
<select id="d-account" name="account">
  <option value="">Choose an account</option>
  ${missing ? html`<option value="${selected}" selected>${selected}</option>` : ''}
  ${accounts.map((a) => html`<option value="${a.id}"${a.id === selected ? html` selected` : ''}>${a.name}</option>`)}
</select></div>
<div class="actions"><button type="submit">Show deliveries</button></div>
</form>`;
}

/** Why a rotation was not made: the secret had changed since the form was loaded (deliveries-route.ts). */
const rotationRefusedNotice = html`<p class="flash error" role="status" id="rotation-refused">Not rotated: the signing secret
had already changed since this form was loaded (a second click, or another admin). A rotation you made shows its new secret
once, at the top of this page; to rotate again, use the form below.</p>`;

function adminTools(frame: Frame, account: DeliveryAccountFacts, returnTo: string, rotationRefused: boolean): SafeHtml {
  const hidden = { account: account.id, return_to: returnTo };
  const configurationPicker = html`<div class="field"><label for="test-configuration">Configuration</label>
<select id="test-configuration" name="configuration">${account.configurations.map(
    (c) => html`<option value="${c.id}">${c.tag} (${c.urls.join(', ')})</option>`,
  )}</select></div>`;
  return html`<section class="tools" aria-labelledby="tools-h">
<h2 id="tools-h">Actions</h2>
<form method="get" action="/console/deliveries/recover" class="tool" id="recover-form">
  <h3>Recover failed deliveries</h3>
  <p class="hint">Re-sends every failed delivery created since a time. The next page shows how many before anything is sent.</p>
  <input type="hidden" name="account" value="${account.id}">
  <div class="field"><label for="recover-since">Failed since (UTC)</label><input id="recover-since" type="datetime-local" name="since" required></div>
  <button type="submit">Count and confirm</button>
</form>
${postForm(
  frame,
  { action: '/console/deliveries/test', class: 'tool', id: 'test-form', hidden },
  html`<h3>Send a test event</h3>
  <p class="hint">A signed <code>test.ping</code> to a configuration's webhook URLs, listed here like any delivery.</p>
  ${
    account.configurations.length
      ? html`${configurationPicker}
  <button type="submit">Send test event</button>`
      : html`<p>No configuration of this account has a webhook URL.</p>`
  }`,
)}
${postForm(
  frame,
  {
    action: '/console/deliveries/rotate-secret',
    class: 'tool',
    id: 'rotate-form',
    hidden: { ...hidden, secret_version: account.secretVersion },
    submitOnce: true,
  },
  html`<h3>Rotate the signing secret</h3>
  ${rotationRefused ? rotationRefusedNotice : ''}
  <p class="hint">A new secret signs from now on; during the overlap every webhook also carries a signature with the old one,
  so receivers can switch without losing a webhook. The new secret is shown once. The form rotates only the secret in force
  when it was loaded: a second click is refused.</p>
  <div class="field"><label for="rotate-overlap">Overlap (e.g. 30m, 24h, 7d; 0s drops the old one at once)</label>
  <input id="rotate-overlap" name="overlap" value="24h" pattern="\\d{1,6}[smhd]" required></div>
  <button type="submit">Rotate secret</button>`,
)}
</section>`;
}

export function deliveriesPage(
  frame: Frame,
  view: {
    filters: DeliveryFilters;
    accounts: DeliveryAccount[];
    account: DeliveryAccountFacts | null;
    page: { deliveries: DeliveryView[]; nextCursor: string | null } | null;
    /** A rotation was refused: the secret had changed since its form was loaded (`?rotation=refused`). */
    rotationRefused?: boolean;
  },
): SafeHtml {
  const { filters, accounts, account, page } = view;
  const canAct = mayOperate(frame.user?.role);
  const intro = html`<h1>Deliveries</h1>
<p class="lead-in">Outgoing webhooks of the built-in service, per account: every delivery with each attempt, newest first. Times are UTC.</p>
${accountPicker(accounts, filters.account)}`;
  if (!account || !page)
    return layout({ ...frame, title: 'Deliveries', current: 'deliveries' }, html`${intro}<p>Choose an account to see its deliveries.</p>`);

  const returnTo = `/console/deliveries${deliveriesQuery(filters)}`;
  const choice = (value: string, label: string) =>
    html`<option value="${value}"${(filters.status ?? '') === value ? html` selected` : ''}>${label}</option>`;
  return layout(
    { ...frame, title: `Deliveries · ${account.name}`, current: 'deliveries' },
    html`${intro}
<h2 id="account-h">${account.name}</h2>
<p class="counts" id="delivery-counts"><strong>${account.counts.failed}</strong>
failed, ${account.counts.pending} pending, ${account.counts.delivered} delivered.</p>
${
  account.counts.failed > 0
    ? html`<p class="flash error" id="exhausted">${account.counts.failed} deliver${
        account.counts.failed === 1 ? 'y has' : 'ies have'
      } run out of retries: nothing sends ${
        account.counts.failed === 1 ? 'it' : 'them'
      } again on its own. <a href="/console/deliveries${deliveriesQuery({ account: account.id, status: 'failed' })}">Show the failed
ones</a>${canAct ? ', then replay one or recover all since a time.' : '.'}</p>`
    : ''
}
<p id="secret-state">${
      account.previousSecretExpiresAt
        ? html`Signing-secret rotation in progress: the previous secret also signs every webhook until
<strong>${formatDate(account.previousSecretExpiresAt)}</strong>.`
        : 'One signing secret signs every webhook.'
    }</p>
<form method="get" action="/console/deliveries" class="filters" aria-label="Filters">
  <input type="hidden" name="account" value="${account.id}">
  <div class="field"><label for="f-status">Status</label>
<select id="f-status" name="status">${choice('', 'Any')}${choice('failed', 'Failed (retries exhausted)')}
${choice('pending', 'Pending')}${choice('delivered', 'Delivered')}</select></div>
  <div class="field"><label for="f-since">Created since
(UTC)</label><input id="f-since" type="datetime-local" name="since" value="${toFormInstant(filters.since)}"></div>
  <div class="field"><label for="f-until">Created before
(UTC)</label><input id="f-until" type="datetime-local" name="until" value="${toFormInstant(filters.until)}"></div>
  <div class="actions"><button type="submit">Apply filters</button> <a href="/console/deliveries${deliveriesQuery({ account: account.id })}">Clear</a></div>
</form>
${canAct ? '' : html`<p class="hint">Read-only access: an admin replays and recovers deliveries, sends test events and rotates the signing secret.</p>`}
<div class="table-scroll">
<table class="deliveries">
<caption class="visually-hidden">Deliveries of ${account.name}</caption>
<thead><tr><th scope="col">Created</th><th scope="col">Event</th><th scope="col">URL</th><th scope="col">Status</th><th scope="col">Attempts</th>
<th scope="col">Last answer</th><th scope="col">Duration</th><th scope="col">Next attempt</th><th scope="col"><span class="visually-hidden">Actions</span></th>
</tr></thead>
<tbody>
${page.deliveries.length === 0 ? html`<tr><td colspan="9">No delivery with these filters.</td></tr>` : ''}
${page.deliveries.map(
  (d) => html`<tr data-id="${d.id}" data-status="${d.status}"${d.status === 'failed' ? html` class="row-failed"` : ''}>
  <td><a href="/console/deliveries/${d.id}${deliveriesQuery({ account: account.id })}">${formatDate(d.createdAt)}</a></td>
  <td>${d.eventType}</td>
  <td class="url">${displayUrl(d.url, frame.user?.role)}</td>
  <td>${statusBadge(d.status)}${d.replayCount ? html` <span class="muted">(replayed ${d.replayCount}×)</span>` : ''}</td>
  <td class="attempts">${d.attemptCount}</td>
  <td>${lastAnswer(d)}</td>
  <td>${formatMs(d.attempts.at(-1)?.durationMs)}</td>
  <td>${d.status === 'pending' ? formatDate(d.nextAttemptAt) : '—'}</td>
  <td>${replayForm(frame, account, d, returnTo)}</td>
</tr>`,
)}
</tbody>
</table>
</div>
<nav class="pager" aria-label="Pages">
  ${filters.cursor ? html`<a href="/console/deliveries${deliveriesQuery({ ...filters, cursor: undefined })}">First page</a>` : ''}
  ${page.nextCursor ? html`<a href="/console/deliveries${deliveriesQuery({ ...filters, cursor: page.nextCursor })}" rel="next">Next page</a>` : ''}
</nav>
${canAct ? adminTools(frame, account, returnTo, view.rotationRefused ?? false) : ''}`,
  );
}
