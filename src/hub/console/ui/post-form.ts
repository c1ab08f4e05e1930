import { html, SafeHtml } from './html.js';

/** What every POST form needs from the page it is on: the session's CSRF token (docs/console.md "Security"). */
export interface FormFrame {
  csrfToken: string;
}

export interface PostFormOptions {
  action: string;
  /** Hidden fields sent beside the CSRF token (`return_to`, `account`, …); an undefined one is left out. */
  hidden?: Record<string, string | undefined>;
  id?: string;
  class?: string;
  /** The form's accessible name (`aria-label`). */
  label?: string;
  /** Its submit button disabled once clicked (console.js), against a double-click's second request. */
  submitOnce?: boolean;
}

/** One attribute; its name is one of this file's constants, its value escaped. */
const attribute = (name: 'class' | 'id' | 'aria-label', value: string | undefined) =>
  value === undefined ? '' : html` ${new SafeHtml(name)}="${value}"`;

/**
 * A console form that changes something (method POST): the CSRF token the console checks on every
 * change is added here, so no page writes it by hand.
 */
export function postForm(frame: FormFrame, options: PostFormOptions, body: SafeHtml | string): SafeHtml {
  const hidden = Object.entries(options.hidden ?? {})
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`);
  const attributes = [attribute('class', options.class), attribute('id', options.id), attribute('aria-label', options.label)];
  // The hidden fields go last, so what a form shows first (a flash in a verdict form) opens it.
  const once = options.submitOnce ? html` data-submit-once` : '';
  return html`<form method="post" action="${options.action}"${attributes}${once}>${body}${hidden}<input type="hidden" name="_csrf" value="${frame.csrfToken}"></form>`;
}
