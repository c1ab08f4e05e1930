import type { DeliveryAccountFacts, DeliveryView } from './outgoing-deliveries.js';
import { displayUrl } from './mask-url.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { mayOperate } from '../../users/console-user.js';
import { deliveriesQuery, formatMs, lastAnswer, replayForm, statusBadge } from './deliveries-view.js';
import { formatDate, layout, type PageFrame } from '../../ui/layout.js';
import { postForm } from '../../ui/post-form.js';

type Frame = Omit<PageFrame, 'title' | 'current'>;

/** One delivery: its facts, every attempt, the body sent, and (admin) replay. */
export function deliveryPage(
  frame: Frame,
  view: { account: DeliveryAccountFacts; delivery: DeliveryView & { payload: string } },
): SafeHtml {
  const { account, delivery: d } = view;
  const back = `/console/deliveries${deliveriesQuery({ account: account.id })}`;
  const self = `/console/deliveries/${d.id}${deliveriesQuery({ account: account.id })}`;
  return layout(
    { ...frame, title: `Delivery ${d.id.slice(0, 8)}`, current: 'deliveries' },
    html`<p><a href="${back}">← Deliveries of ${account.name}</a></p>
<h1>Delivery <code>${d.id}</code></h1>
<dl class="facts">
  <div><dt>Status</dt><dd id="delivery-status">${statusBadge(d.status)}</dd></div>
  <div><dt>Event</dt><dd>${d.eventType}</dd></div>
  <div><dt>URL</dt><dd class="url">${displayUrl(d.url, frame.user?.role)}</dd></div>
  <div><dt>Transcription</dt><dd>${d.transcriptionId ?? '— (test event)'}</dd></div>
  <div><dt>Created</dt><dd>${formatDate(d.createdAt)}</dd></div>
  <div><dt>Delivered</dt><dd>${formatDate(d.deliveredAt)}</dd></div>
  <div><dt>Attempts</dt><dd id="delivery-attempts">${d.attemptCount}</dd></div>
  <div><dt>Last answer</dt><dd>${lastAnswer(d)}</dd></div>
  <div><dt>Next attempt</dt><dd>${d.status === 'pending' ? formatDate(d.nextAttemptAt) : '—'}</dd></div>
  <div><dt>Replays</dt><dd>${d.replayCount}${d.lastReplayedAt ? html` (last ${formatDate(d.lastReplayedAt)})` : ''}</dd></div>
</dl>
${d.status === 'failed' ? html`<p class="flash error">Its retries are exhausted: nothing sends it again unless it is replayed.</p>` : ''}
${
  mayOperate(frame.user?.role)
    ? d.status === 'pending'
      ? html`<p class="hint">Still being attempted: it can be replayed once delivered or failed.</p>`
      : html`<p>${replayForm(frame, account, d, self)} <span class="hint">Same body and webhook-id, signed afresh, a new series of attempts.</span></p>`
    : ''
}
<h2>Attempts</h2>
<table class="attempts">
<caption class="visually-hidden">Every attempt of this delivery</caption>
<thead><tr><th scope="col">#</th><th scope="col">Started</th><th scope="col">Duration</th><th scope="col">Status code</th><th scope="col">Network error</th>
<th scope="col">Response (excerpt)</th></tr></thead>
<tbody>
${d.attempts.length === 0 ? html`<tr><td colspan="6">No attempt yet.</td></tr>` : ''}
${d.attempts.map(
  (a) => html`<tr>
  <td>${a.number}</td><td>${a.startedAt.toISOString().replace('T', ' ').slice(0, 23)} UTC</td><td>${formatMs(a.durationMs)}</td>
  <td>${a.statusCode ?? '—'}</td><td>${a.statusCode === null ? (a.error ?? '—') : '—'}</td>
<td class="pre">${a.responseExcerpt ?? (a.statusCode !== null ? a.error : null) ?? '—'}</td>
</tr>`,
)}
</tbody>
</table>
<h2>Body</h2>
<pre class="payload" tabindex="0" aria-label="The body sent">${d.payload}</pre>`,
  );
}

/** What a recover would re-send, before it does: the count, and (admin) the button that re-sends them. */
export function recoverPage(frame: Frame, view: { account: DeliveryAccountFacts; since: Date; count: number }): SafeHtml {
  const { account, since, count } = view;
  const back = `/console/deliveries${deliveriesQuery({ account: account.id, status: 'failed', since })}`;
  const sinceText = formatDate(since);
  const list = `/console/deliveries${deliveriesQuery({ account: account.id })}`;
  return layout(
    { ...frame, title: 'Recover failed deliveries', current: 'deliveries' },
    html`<p><a href="${list}">← Deliveries of ${account.name}</a></p>
<h1>Recover failed deliveries</h1>
<p id="recover-count"><strong>${count}</strong> failed deliver${
      count === 1 ? 'y' : 'ies'
    } of ${account.name} created since ${sinceText} will be re-sent, each with a new series of attempts. <a href="${back}">See them</a>.</p>
${
  count === 0
    ? html`<p>Nothing to re-send.</p>`
    : mayOperate(frame.user?.role)
      ? html`${postForm(
          frame,
          { action: '/console/deliveries/recover', hidden: { account: account.id, since: since.toISOString(), return_to: list } },
          html`<button type="submit" id="recover-confirm">Re-send ${count} deliver${count === 1 ? 'y' : 'ies'}</button> <a href="${list}">Cancel</a>`,
        )}${count > 1000 ? html`<p class="hint">At most 1,000 are re-sent at once: recover again for the rest.</p>` : ''}`
      : html`<p class="hint">Read-only access: an admin recovers deliveries.</p>`
}`,
  );
}
