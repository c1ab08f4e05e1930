import { formatVerdict } from '../../../review/effective-scoring.js';
import type { CallView, Turn } from '../../../review/load-call.js';
import { locateQuote, type QuoteSpan } from '../../../review/locate-quote.js';
import { mayReview } from '../../users/console-user.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { renderMarkdown } from '../../ui/markdown.js';
import { formatDate, formatGroup, formatScore, formatStatus, layout, type PageFrame } from '../../ui/layout.js';
import { postForm, type FormFrame } from '../../ui/post-form.js';
import type { CallWorkflows } from '../call-workflows/call-workflows.js';
import { coachingSection, criterionWorkflows, isWorkflowFlash } from '../call-workflows/call-workflows-view.js';
import type { ListNeighbours } from '../../../review/list-neighbours.js';
import { failedFirst, loopNav, pinnedFailures } from './call-loop.js';

interface Mark extends QuoteSpan {
  position: number;
}

/** One turn's text with the quotes it holds marked; the first piece of each quote carries its anchor. */
function renderTurnText(text: string, marks: Mark[]): SafeHtml {
  if (marks.length === 0) return html`${text}`;
  const cuts = [...new Set([0, text.length, ...marks.flatMap((m) => [m.start, m.end])])].sort((a, b) => a - b);
  const anchored = new Set<number>();
  const pieces: SafeHtml[] = [];
  for (let i = 0; i < cuts.length - 1; i += 1) {
    const from = cuts[i];
    const to = cuts[i + 1];
    const piece = text.slice(from, to);
    const covering = marks.filter((m) => m.start <= from && m.end >= to);
    if (covering.length === 0) {
      pieces.push(html`${piece}`);
      continue;
    }
    const anchors = covering.filter((m) => !anchored.has(m.position));
    for (const m of anchors) anchored.add(m.position);
    pieces.push(
      html`${anchors.map((m) => html`<span class="anchor" id="quote-${m.position}"></span>`)}<mark data-criteria="${covering
        .map((m) => m.position)
        .join(' ')}">${piece}</mark>`,
    );
  }
  return html`${pieces}`;
}

function transcript(turns: Turn[], marks: Mark[]): SafeHtml {
  if (turns.length === 0) return html`<p>No transcript was mirrored for this call.</p>`;
  return html`<ol class="transcript">${turns.map(
    (
      turn,
      i,
    ) => html`<li class="turn speaker-${turn.speaker.replace(/[^\w-]/g, '')}"${turn.start !== null ? html` data-start="${turn.start}"` : ''}><span class="speaker">${turn.speaker}${
      turn.start !== null
        ? html` <span class="time">${Math.floor(turn.start / 60)}:${String(Math.floor(turn.start % 60)).padStart(2, '0')}</span>`
        : ''
    }</span>
<span class="text">${renderTurnText(
      turn.text,
      marks.filter((m) => m.turn === i),
    )}</span></li>`,
  )}</ol>`;
}

function verdictForm(
  frame: FormFrame,
  callId: string,
  r: CallView['results'][number],
  isOverridden: boolean,
  flash: PageFrame['flash'],
  loop: ListNeighbours,
): SafeHtml {
  const options = r.type === 'scale' ? ['1', '2', '3', '4', '5'] : ['PASS', 'FAIL'];
  return postForm(
    frame,
    {
      action: `/console/calls/${callId}/overrides/${r.criterionId}`,
      class: 'override',
      id: `override-${r.criterionId}`,
      hidden: { from: loop.list },
    },
    html`${flash ? html`<p class="flash ${flash.kind}" role="status">${flash.text}</p>` : ''}
  <label for="v-${r.criterionId}">Your verdict</label>
  <select id="v-${r.criterionId}" name="verdict">${options.map((o) => html`<option value="${o}">${o}</option>`)}</select>
  <label for="r-${r.criterionId}">Reason (required)</label>
  <input id="r-${r.criterionId}" name="reason" required maxlength="300" placeholder="One line: why">
  <button type="submit" name="action" value="override">Override</button>
  ${loop.next ? html`<button type="submit" name="action" value="override-next">Save and next</button>` : ''}
  ${isOverridden ? html`<button type="submit" name="action" value="clear" class="secondary">Back to the AI verdict</button>` : ''}`,
  );
}

/**
 * `player`: the recording's player (ui/audio-player.ts), above the transcript; `workflows`: disputes
 * and coaching (call-workflows/); `loop`: the list the call was opened from (call-loop.ts).
 */
export function callPage(
  frame: Omit<PageFrame, 'title' | 'current'>,
  view: CallView,
  player?: SafeHtml,
  workflows?: CallWorkflows,
  loop: ListNeighbours = { list: '/console', previous: null, next: null },
): SafeHtml {
  const t = view.transcription;
  const canAct = mayReview(frame.user?.role);
  const marks: Mark[] = view.results.flatMap((r) =>
    locateQuote(
      view.turns.map((turn) => turn.text),
      r.quote,
    ).map((span) => ({ ...span, position: r.position })),
  );
  const found = new Set(marks.map((m) => m.position));
  const summary = (t.summary as { text?: string } | null)?.text;
  const fields = (t.fields as { fields?: { name: string; value: unknown }[] } | null)?.fields ?? [];
  const isReviewed = view.overrides.size > 0;
  // A verdict's outcome is shown in its criterion's form, where the redirect lands, not at the top out of sight.
  const formFlash = canAct && view.results.some((r) => frame.flash?.at === `override-${r.criterionId}`) ? frame.flash : undefined;
  // A note's outcome at the note form, a refused note's text back in it (docs/console.md "Group moves, human verdicts").
  const notesFlash = canAct && frame.flash?.at === 'notes-h' ? frame.flash : undefined;
  const groupButton = (group: string, label: string) =>
    t.group === group
      ? ''
      : html`<button type="submit" name="group" value="${group}"${group === 'ARCHIVED' ? html` class="secondary"` : ''}>${label}</button>`;
  return layout(
    {
      ...frame,
      flash: formFlash || notesFlash || (workflows && isWorkflowFlash(frame.flash)) ? undefined : frame.flash,
      title: t.name ?? `Call ${t.id.slice(0, 8)}`,
      scripts: ['/console/assets/call-keys.js'],
    },
    html`${workflows?.isAgent ? html`<p><a href="/console/my-calls">← My calls</a></p>` : loopNav(loop)}
<h1>${t.name ?? `Call ${t.id}`}</h1>
<dl class="facts">
  <div><dt>Participant</dt><dd>${t.participantTag ?? '—'}</dd></div>
  <div><dt>Evaluator</dt><dd>${t.evaluatorTag ?? '—'}</dd></div>
  <div><dt>Recorded</dt><dd>${formatDate(t.recordedAt)}</dd></div>
  <div><dt>Status</dt><dd id="status">${formatStatus(t.status)}</dd></div>
  <div><dt>Duration</dt><dd>${t.duration === null ? '—' : `${Math.round(t.duration)} s`}</dd></div>
  <div><dt>AI score</dt><dd id="ai-score">${formatScore(t.score)}</dd></div>
  <div><dt>AI critical fail</dt><dd id="ai-critical">${t.criticalFail === null ? '—' : t.criticalFail ? 'Yes' : 'No'}</dd></div>
  <div><dt>Effective score</dt><dd id="effective-score" class="${isReviewed ? 'human' : ''}">${formatScore(view.effective.score)}</dd></div>
  <div><dt>Effective critical fail</dt>
<dd id="effective-critical" class="${view.effective.criticalFail ? 'bad' : 'good'}">${
      view.effective.criticalFail === null ? '—' : view.effective.criticalFail ? 'Yes' : 'No'
    }</dd></div>
  <div><dt>Group</dt><dd id="group">${formatGroup(t.group)}</dd></div>
</dl>
${
  t.status === 'FAILED'
    ? html`<p class="flash error" id="failure">The upstream could not process this call${
        t.errorMessage || t.errorCode ? html`: ${t.errorMessage ?? ''}${t.errorCode ? html` (${t.errorCode})` : ''}` : ' and gave no reason'
      }. It has no transcript or evaluation and counts as failed.</p>`
    : ''
}
${
  t.status === 'IN_PROGRESS'
    ? html`<p class="flash" id="in-progress">The upstream is still processing this call; it is mirrored again when it
finishes.</p>`
    : ''
}
${t.deletedAt ? html`<p class="flash error">This transcription was deleted upstream on ${formatDate(t.deletedAt)}; the hub keeps its copy.</p>` : ''}
${
  canAct && !t.deletedAt
    ? postForm(
        frame,
        { action: `/console/calls/${t.id}/group`, class: 'group-buttons', label: 'Move group', hidden: { from: loop.list } },
        html`<span>Move to</span> ${groupButton('UNDER_REVIEW', 'Under review')} ${groupButton('ARCHIVED', 'Archived')}
  ${groupButton('PENDING_REVIEW', 'Pending review')}`,
      )
    : ''
}
<p class="hint">Human verdicts stay in the hub: the upstream API has no field for them, so overrides and notes are never written upstream. Group moves go
upstream first, then into the hub's copy.</p>
${player ?? ''}
${pinnedFailures(view)}
<div class="call">
<section class="transcript-pane" aria-labelledby="transcript-h"><h2 id="transcript-h">Transcript</h2>${transcript(view.turns, marks)}</section>
<section class="scorecard" aria-labelledby="scorecard-h"><h2 id="scorecard-h">Evaluation</h2>
${view.results.length === 0 ? html`<p>The evaluation has no per-criterion breakdown.</p>` : ''}
${failedFirst(view).map((r) => {
  const override = view.overrides.get(r.criterionId);
  const verdict = view.effective.verdicts.find((v) => v.criterionId === r.criterionId);
  // The card's colour follows the verdict in force, the lead's over the AI's (docs/console.md "Group moves, human verdicts").
  const status = verdict?.status ?? r.status;
  return html`<article class="criterion ${status === 'FAIL' ? 'fail' : 'pass'}" id="criterion-${r.position}" tabindex="-1" aria-labelledby="c-${r.position}">
  <h3 id="c-${r.position}">${r.name} <span class="type">${r.type}, weight ${r.maxWeight}</span></h3>
  <table class="verdicts"><caption class="visually-hidden">Verdicts for ${r.name}</caption>
    <thead><tr><th scope="col"></th><th scope="col">Verdict</th><th scope="col">Score obtained</th></tr></thead>
    <tbody>
    <tr><th scope="row">AI</th><td class="ai-verdict">${formatVerdict(r.type, r.scoreRawAi)}</td><td>${formatScore(r.scoreObtained)} / ${r.maxWeight}</td></tr>
    <tr><th scope="row">Human</th><td class="human-verdict">${override ? formatVerdict(r.type, override.value) : '—'}</td>
<td>${override && verdict ? `${formatScore(verdict.scoreObtained)} / ${r.maxWeight}` : '—'}</td></tr>
    </tbody>
  </table>
  ${
    override
      ? html`<p class="override-note">Overridden by ${override.userEmail ?? 'a QA lead'} on ${formatDate(override.updatedAt)}:
“${override.reason}”</p>`
      : ''
  }
  <p><strong>Reasoning:</strong> ${r.reasoning}</p>
  ${r.feedback ? html`<p><strong>Feedback:</strong> ${r.feedback}</p>` : ''}
  ${
    r.quote.trim()
      ? html`<blockquote>${r.quote}</blockquote>${
          found.has(r.position)
            ? html`<p><a href="#quote-${r.position}" class="show-quote">Show in
transcript</a></p>`
            : html`<p class="hint">Quote not found in the transcript.</p>`
        }`
      : ''
  }
  ${canAct ? verdictForm(frame, t.id, r, Boolean(override), formFlash?.at === `override-${r.criterionId}` ? formFlash : undefined, loop) : ''}
  ${workflows ? criterionWorkflows(frame, t.id, r, workflows) : ''}
</article>`;
})}
${t.summaryFeedback ? html`<h3>Summary feedback</h3><div class="markdown" id="summary-feedback">${renderMarkdown(t.summaryFeedback)}</div>` : ''}
</section>
</div>
${workflows ? coachingSection(frame, t.id, workflows) : ''}
<section aria-labelledby="summary-h"><h2 id="summary-h">Summary and fields</h2>
<p>${summary ?? 'No summary.'}</p>
${
  fields.length
    ? html`<dl class="fields">${fields.map(
        (f) => html`<div><dt>${f.name}</dt>
<dd>${f.value === null || f.value === undefined ? '—' : String(f.value as string)}</dd></div>`,
      )}</dl>`
    : ''
}
</section>
<section aria-labelledby="notes-h"><h2 id="notes-h">Notes</h2>
${
  view.notes.length === 0
    ? html`<p>No notes yet.</p>`
    : html`<ul class="notes">${view.notes.map(
        (n) => html`<li><p class="pre">${n.body}</p>
<p class="hint">${n.userEmail ?? 'someone'}, ${formatDate(n.createdAt)}</p></li>`,
      )}</ul>`
}
${
  canAct
    ? postForm(
        frame,
        { action: `/console/calls/${t.id}/notes` },
        html`${notesFlash ? html`<p class="flash ${notesFlash.kind}" role="status">${notesFlash.text}</p>` : ''}
<label for="note">Add a note</label><textarea id="note" name="body" rows="3" required maxlength="4000">${notesFlash?.draft ?? ''}</textarea>
<button type="submit">Add note</button>`,
      )
    : ''
}
</section>
<section aria-labelledby="history-h"><h2 id="history-h">History</h2>
<ol class="history">${view.history.map(
      (h) => html`<li><span class="when">${formatDate(h.at)}</span>
${h.what}${h.who ? html` <span class="who">by ${h.who}</span>` : ''}</li>`,
    )}</ol>
</section>`,
  );
}
