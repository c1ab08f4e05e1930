import type { PullPreview } from '../../../reports/runs/preview-on-demand-pull.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { layout, type PageFrame } from '../../ui/layout.js';
import { postForm } from '../../ui/post-form.js';
import { quotaBar, quotaSegments } from '../../ui/quota-bar.js';

/** "Pull now", step two: what the pull costs, the room before and after, and the button that spends it. */
export function pullPreviewPage(frame: Omit<PageFrame, 'title' | 'current'>, p: PullPreview): SafeHtml {
  const subject = p.subjectId ? ` of ${p.subjectTag ?? p.subjectId}` : '';
  const isRunning = p.existingStatus === 'running';
  const before = quotaSegments({
    limit: p.limit,
    used: p.spent,
    reserved: 0,
    onDemandReserve: p.reserve,
    exhaustedAt: null,
    planned: p.planned,
  });
  return layout(
    { ...frame, title: 'Pull a report now', current: 'reports' },
    html`<p><a href="/console/reports">← Reports &amp; quota</a></p>
<h1>Pull the ${p.kind} report${subject} for ${p.period.id}</h1>
<dl class="facts" id="pull-cost">
  <div><dt>Costs</dt><dd id="cost">${p.cost} call of ${p.endpoint}</dd></div>
  <div><dt>Spent this month (${p.month})</dt><dd id="spent">${p.spent} of ${p.limit}</dd></div>
  <div><dt>Room for pulls now</dt><dd id="room-now">${p.roomNow}</dd></div>
  <div><dt>Room after this pull</dt><dd id="room-after">${p.roomAfter}</dd></div>
  <div><dt>Scheduled runs planned</dt><dd>${p.planned}</dd></div>
  <div><dt>Period</dt><dd>${p.period.start} to ${p.period.end}${p.isComplete ? '' : ' (not ended: the data so far)'}</dd></div>
</dl>
${quotaBar('quota-before', before)}
${
  p.displacesPlanned > 0
    ? html`<p class="flash error" id="displaces">This pull takes the room of ${p.displacesPlanned} planned scheduled run(s): the next
planner pass skips ${p.displacesPlanned === 1 ? 'it' : 'them'}.</p>`
    : ''
}
${p.existingStatus && !isRunning ? html`<p class="hint">This report-period was recorded before (${p.existingStatus}); the pull replaces its data.</p>` : ''}
${
  p.refusal
    ? html`<p class="flash error" role="alert" id="refusal">The ledger would refuse this pull: ${p.refusal}. Nothing can be spent.</p>`
    : isRunning
      ? html`<p class="flash error" role="alert">This report is being pulled right now; try again in a moment.</p>`
      : postForm(
          frame,
          {
            action: '/console/reports/pull',
            label: 'Confirm the pull',
            hidden: { kind: p.kind, subject_id: p.subjectId ?? '', period: p.period.id },
          },
          html`<button type="submit" name="confirm" value="yes" id="confirm-pull">Spend ${p.cost} call and pull now</button>
<a href="/console/reports">Cancel</a>`,
        )
}`,
  );
}
