import { html, type SafeHtml } from './html.js';
import { postForm } from './post-form.js';
import type { ConsoleSessionUser } from '../auth/console-session.js';

const staff = ['admin', 'lead', 'viewer'] as const;
const everyone = ['admin', 'lead', 'viewer', 'agent'] as const;

/**
 * The console's pages, in navigation order: the QA lead's, then the integrator's (operations);
 * `roles` who sees the entry (docs/console.md "Roles").
 */
export const consolePages = [
  { key: 'my-calls', href: '/console/my-calls', label: 'My calls', roles: ['agent'] },
  { key: 'queue', href: '/console', label: 'Review queue' },
  { key: 'calls', href: '/console/calls', label: 'Calls' },
  { key: 'dashboard', href: '/console/dashboard', label: 'Dashboard' },
  { key: 'failed', href: '/console/failed', label: 'Failed calls' },
  { key: 'deliveries', href: '/console/deliveries', label: 'Deliveries' },
  { key: 'receipts', href: '/console/receipts', label: 'Receipts' },
  { key: 'alerts', href: '/console/alerts', label: 'Alerts' },
  { key: 'reports', href: '/console/reports', label: 'Reports & quota' },
  { key: 'queues', href: '/console/queues', label: 'Queues' },
  { key: 'calibration', href: '/console/calibration', label: 'Calibration' },
  { key: 'disputes', href: '/console/disputes', label: 'Disputes', roles: everyone },
  { key: 'coaching', href: '/console/coaching', label: 'Coaching', roles: everyone },
] as const;
export type ConsolePageKey = (typeof consolePages)[number]['key'];
const shownTo = (page: (typeof consolePages)[number], role: string) => ('roles' in page ? page.roles : staff).some((r) => r === role);

export interface PageFrame {
  title: string;
  user: ConsoleSessionUser | null;
  csrfToken: string;
  flash?: { kind: 'ok' | 'error'; text: string; at?: string; draft?: string } | undefined;
  /** Which navigation entry is current. */
  current?: ConsolePageKey;
  scripts?: string[];
}

/** Every console page: header with navigation and sign-out, one <main>, the shared script. */
export function layout(frame: PageFrame, body: SafeHtml): SafeHtml {
  const nav = consolePages
    .filter((page) => shownTo(page, frame.user?.role ?? ''))
    .map((page) => html`<a href="${page.href}"${frame.current === page.key ? html` aria-current="page"` : ''}>${page.label}</a>`);
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="csrf-token" content="${frame.csrfToken}">
<title>${frame.title} · convoqa console</title>
<link rel="stylesheet" href="/console/assets/console.css">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top">
  <span class="brand">convoqa console</span>
  ${
    frame.user
      ? html`<nav aria-label="Console">${nav}</nav>
  <span class="who">${frame.user.name} <span class="role">(${frame.user.role})</span></span>
  ${postForm(frame, { action: '/console/sign-out', class: 'inline' }, html`<button type="submit" class="link">Sign out</button>`)}`
      : ''
  }
</header>
<main id="main">
${frame.flash ? html`<p class="flash ${frame.flash.kind}" role="status">${frame.flash.text}</p>` : ''}
${body}
</main>
<script src="/console/assets/console.js"></script>
${(frame.scripts ?? []).map((src) => html`<script src="${src}"></script>`)}
</body>
</html>`;
}

export const formatDate = (d: Date | null | undefined) => (d ? `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC` : '—');
export const formatScore = (s: number | null | undefined) => (s === null || s === undefined ? '—' : String(Math.round(s * 100) / 100));
/** A transcription's status in words (the upstream's COMPLETED, FAILED, IN_PROGRESS). */
export const formatStatus = (s: string) =>
  s === 'COMPLETED' ? 'Completed' : s === 'FAILED' ? 'Failed' : s === 'IN_PROGRESS' ? 'In progress' : s;
export const formatGroup = (g: string | null) =>
  g === null
    ? 'No group'
    : g === 'PENDING_REVIEW'
      ? 'Pending review'
      : g === 'UNDER_REVIEW'
        ? 'Under review'
        : g === 'ARCHIVED'
          ? 'Archived'
          : g;
