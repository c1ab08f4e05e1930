import type { Turn } from '../../review/load-call.js';
import { html, type SafeHtml } from './html.js';

/** A call's turns without any evaluation marks: what a blind calibration reviewer reads. */
export const plainTranscript = (turns: Turn[]): SafeHtml =>
  turns.length === 0
    ? html`<p>No transcript was mirrored for this call.</p>`
    : html`<ol class="transcript">${turns.map((t) => html`<li class="turn"><span class="speaker">${t.speaker}</span> <span class="text">${t.text}</span></li>`)}</ol>`;
