import type { SamplingRule } from '../../../review/sampling/sampling-rule.js';
import { html, type SafeHtml } from '../../ui/html.js';
import { postForm, type FormFrame } from '../../ui/post-form.js';

/** The sampling rule on the queue page (docs/console.md "Sampling"): shown to all, changed by a lead. */
export function samplingForm(frame: FormFrame, rule: SamplingRule, canAct: boolean): SafeHtml {
  const said =
    rule.share === 0
      ? 'Sampling is off: only critical fails enter the queue.'
      : `Sampling puts ${rule.share}% of each participant's non-critical completed calls per week (seed “${rule.seed}”) in the queue, marked sampled.`;
  if (!canAct) return html`<p class="hint" id="sampling-rule">${said}</p>`;
  return html`<details class="sampling"><summary id="sampling-rule">${said}</summary>
${postForm(
  frame,
  { action: '/console/queue/sampling', class: 'filters', label: 'Sampling rule' },
  html`<div class="field"><label for="s-share">Share per participant per week (%)</label>
<input id="s-share" name="share" type="number" min="0" max="100" step="any" required value="${rule.share}"></div>
<div class="field"><label for="s-seed">Seed</label><input id="s-seed" name="seed" required maxlength="100" value="${rule.seed}"></div>
<div class="actions"><button type="submit">Save the rule</button></div>`,
)}</details>`;
}
