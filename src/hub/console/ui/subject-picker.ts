import { html, type SafeHtml } from './html.js';
import type { SubjectChoice } from '../../mirror/subject-choices.js';

export interface SubjectPickerOptions {
  id: string;
  /** The form field's name: the chosen subject's id is what is sent. */
  name: string;
  label: string;
  groups: readonly { label: string; choices: readonly SubjectChoice[] }[];
  required: boolean;
}

/**
 * A choice by name of an evaluator or participant the mirror knows (its id as the value), instead
 * of a typed UUID. Before any call is mirrored there is nothing to name: an id field stands in.
 */
export function subjectPicker(options: SubjectPickerOptions): SafeHtml {
  const groups = options.groups.filter((g) => g.choices.length > 0);
  if (groups.length === 0) {
    return html`<div class="field"><label for="${options.id}">${options.label}: id (none mirrored yet to choose
from)</label><input id="${options.id}" name="${options.name}"${options.required ? html` required` : ''} size="38"></div>`;
  }
  const option = (c: SubjectChoice) => html`<option value="${c.id}">${c.name}</option>`;
  return html`<div class="field"><label for="${options.id}">${options.label}</label>
<select id="${options.id}" name="${options.name}"${options.required ? html` required` : ''}>
<option value="">${options.required ? 'Choose…' : '—'}</option>
${groups.length === 1 ? groups[0].choices.map(option) : groups.map((g) => html`<optgroup label="${g.label}">${g.choices.map(option)}</optgroup>`)}
</select></div>`;
}
