import { html, type SafeHtml } from './html.js';

/** A kappa to two decimals, or n/a with why it is not defined (docs/console.md "Agreement"). */
export const kappaCell = (k: number | null): SafeHtml | string =>
  k === null
    ? html`<span title="Not defined: no rated calls, or every verdict falls in one category (chance agreement is 100%)">n/a</span>`
    : k.toFixed(2);
