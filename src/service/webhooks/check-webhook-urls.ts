import { AppError } from '../../lib/errors/app-error.js';
import { connectionRule, normalizeHost, type NetworkPolicy } from '../../lib/network/network-guard.js';

/**
 * Refuses, when a configuration is created or updated, webhook URLs that can only point at a
 * refused address: a private, loopback, link-local or reserved IP literal, or a `localhost` name.
 * Other names are not resolved here (the API does not wait on DNS, and a name can change what it
 * resolves to); a delivery checks the address it connects to and fails at once if it is refused.
 */
export function assertWebhookUrlsAllowed(
  webhooks: { success_url: string; error_url: string } | null | undefined,
  policy: NetworkPolicy,
): void {
  if (!webhooks) return;
  for (const field of ['success_url', 'error_url'] as const) {
    const url = new URL(webhooks[field]);
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    const rule = connectionRule(policy, url.hostname, port);
    const host = normalizeHost(url.hostname);
    const isLocalName = rule.kind === 'guarded' && (host === 'localhost' || host.endsWith('.localhost'));
    if (rule.kind === 'refused' || isLocalName) {
      const what = rule.kind === 'refused' ? `${rule.error.address}, a private or reserved address` : 'a loopback name';
      throw new AppError(
        'invalid_value',
        `Invalid webhooks.${field}: ${webhooks[field]} points at ${what}, which this deployment does not call (ALLOW_PRIVATE_HOSTS can allow a host)`,
      );
    }
  }
}
