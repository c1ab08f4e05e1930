import type { Reviewer } from '../../../review/assignment/assign-calls.js';
import type { AssignmentRule } from '../../../review/assignment/assignment-rule.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { postForm, type FormFrame } from '../../ui/post-form.js';

/** Names in a sentence: "A", "A and B", "A, B and C". */
const inWords = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** The assignment rule on the queue page (docs/console.md "Assignment"): shown to all, changed by a lead. */
export function assignmentForm(frame: FormFrame, rule: AssignmentRule, reviewers: Reviewer[], canAct: boolean): SafeHtml {
  const chosen = reviewers.filter((r) => rule.reviewerIds.includes(r.id));
  const said =
    chosen.length === 0
      ? 'Assignment by rule is off: calls wait unassigned until a lead assigns them on the Calls page.'
      : `Calls entering the queue are shared out in turn to ${inWords(chosen.map((r) => r.name))}, fewest open calls first.`;
  if (!canAct) return html`<p class="hint" id="assignment-rule">${said}</p>`;
  return html`<details class="sampling"><summary id="assignment-rule">${said}</summary>
${postForm(
  frame,
  { action: '/console/queue/assignment', class: 'filters', label: 'Assignment rule' },
  html`<fieldset><legend>Share new calls out to (none: off)</legend>
${reviewers.length === 0 ? html`<p class="hint">No active leads or admins.</p>` : ''}
${reviewers.map(
  (r) =>
    html`<label><input type="checkbox" name="reviewers" value="${r.id}"${rule.reviewerIds.includes(r.id) ? html` checked` : ''}> ${r.name}</label> `,
)}
</fieldset>
<div class="actions"><button type="submit">Save the rule</button></div>`,
)}</details>`;
}
