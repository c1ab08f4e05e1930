import { html, type SafeHtml } from './html.js';
import type { PageFrame } from './layout.js';

/** The verdicts a person can give a criterion: PASS/FAIL, or 1 to 5 on a scale criterion. */
export const verdictOptions = (type: string): string[] => (type === 'scale' ? ['1', '2', '3', '4', '5'] : ['PASS', 'FAIL']);

/** A verdict <select>'s options, `current` selected; `blank` adds an empty first choice ("—", no verdict). */
export const verdictOptionTags = (type: string, current: string, blank: boolean): SafeHtml =>
  html`${blank ? html`<option value=""${current === '' ? html` selected` : ''}>—</option>` : ''}${verdictOptions(type).map((o) => html`<option value="${o}"${o === current ? html` selected` : ''}>${o}</option>`)}`;

/** The page's flash when it is about the form at `anchor` (the fragment redirected to), shown in that form. */
export const inlineFlash = (flash: PageFrame['flash'], anchor: string): SafeHtml | string =>
  flash?.at === anchor ? html`<p class="flash ${flash.kind}" role="status">${flash.text}</p>` : '';
