/**
 * GET /admin: a small HTML page for a person who opened the admin URL in a browser: what the admin
 * API is, how to authenticate, where its description is, and every route with its summary.
 */
import type { AdminRoute } from './admin-route.js';

export interface AdminIndexLink {
  href: string;
  label: string;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

export function renderAdminIndex(routes: readonly AdminRoute[], options: { links?: readonly AdminIndexLink[] } = {}): string {
  const links: AdminIndexLink[] = [
    { href: '/admin/openapi.json', label: 'OpenAPI description of this admin API (/admin/openapi.json)' },
    { href: '/admin/health', label: 'Health (/admin/health, no token)' },
    { href: '/admin/ready', label: 'Readiness: PostgreSQL, Redis, the upstream (/admin/ready, no token)' },
    ...(options.links ?? []),
  ];
  const rows = routes
    .map((route) => {
      const path = `/admin${route.path}`;
      const shown = route.method === 'get' && route.isPublic ? `<a href="${escapeHtml(path)}">${escapeHtml(path)}</a>` : escapeHtml(path);
      return `<tr><td>${route.method.toUpperCase()}</td><td><code>${shown}</code></td><td>${escapeHtml(route.summary)}</td><td>${route.isPublic ? 'no' : 'yes'}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>convoqa admin API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}td,th{padding:.2rem .6rem;text-align:left;vertical-align:top}tr:nth-child(even){background:#f4f4f4}code{font-size:90%}</style>
</head><body>
<h1>convoqa admin API</h1>
<p>A JSON API to see and steer the hub: the mirror, sync, quotas and reports, alerts, queues, accounts and keys.
Every route below marked “token” needs <code>Authorization: Bearer &lt;ADMIN_TOKEN&gt;</code>: the token is the
<code>ADMIN_TOKEN</code> variable, or the one <code>npm start</code> generated and printed on its first start. For example:</p>
<pre>curl -s -H "Authorization: Bearer $ADMIN_TOKEN" ${'$'}BASE/admin/transcriptions</pre>
<p>Every endpoint in full: <code>docs/admin-api.md</code> in the repository.</p>
<ul>
${links.map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></li>`).join('\n')}
</ul>
<h2>Routes</h2>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Token</th></tr></thead><tbody>
${rows}
</tbody></table>
</body></html>
`;
}
