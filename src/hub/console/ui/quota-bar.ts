import type { EndpointQuotaStatus } from '../../reports/quota/quota-status.js';
import { html, type SafeHtml } from './html.js';

export interface QuotaSegments {
  limit: number;
  /** Used and in flight. */
  spent: number;
  /** Scheduled runs planned this month, not pulled yet. */
  planned: number;
  /** What is left of the on-demand reserve. */
  reserve: number;
  /** Free for scheduled and on-demand pulls alike. */
  room: number;
}

/** The month's quota of one endpoint cut into segments that add up to at most the limit. */
export function quotaSegments(
  e: Pick<EndpointQuotaStatus, 'limit' | 'used' | 'reserved' | 'onDemandReserve' | 'exhaustedAt'> & { planned: number },
): QuotaSegments {
  const spent = Math.min(e.limit, e.used + e.reserved);
  if (e.exhaustedAt) return { limit: e.limit, spent, planned: 0, reserve: 0, room: 0 };
  const planned = Math.min(e.planned, e.limit - spent);
  const reserve = Math.min(e.onDemandReserve, e.limit - spent - planned);
  return { limit: e.limit, spent, planned, reserve, room: e.limit - spent - planned - reserve };
}

const share = (part: number, limit: number) => (limit > 0 ? Math.round((10_000 * part) / limit) / 100 : 0);

/** A bar of the segments (decorative: the same figures are written next to it, for every reader). */
export function quotaBar(id: string, s: QuotaSegments): SafeHtml {
  const parts = [
    ['spent', s.spent],
    ['planned', s.planned],
    ['reserve', s.reserve],
    ['room', s.room],
  ] as const;
  return html`<div class="quota" id="${id}">
<div class="quota-bar" aria-hidden="true">${parts.map(([name, value]) =>
    value > 0 ? html`<span class="seg seg-${name}" style="width: ${share(value, s.limit)}%"></span>` : '',
  )}</div>
<ul class="quota-values">${parts.map(
    ([name, value]) =>
      html`<li><span class="swatch seg-${name}" aria-hidden="true"></span>${label[name]}: <strong data-value="${name}">${value}</strong></li>`,
  )}<li>limit:
<strong data-value="limit">${s.limit}</strong></li></ul>
</div>`;
}

const label = { spent: 'spent', planned: 'planned (scheduled)', reserve: 'on-demand reserve left', room: 'room' } as const;
