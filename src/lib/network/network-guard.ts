/**
 * Outbound requests to user-supplied URLs (recordings, webhook receivers) must not reach this
 * machine's or its network's private services (SSRF), unless private addresses are allowed
 * (the embedded mode and tests, whose servers live on 127.0.0.1) or the host is allowlisted.
 * The check runs on the address actually connected to (a DNS lookup hook), so DNS rebinding cannot
 * slip past it, and on every redirect hop.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';

export interface NetworkPolicy {
  /** Any private or loopback address may be reached (embedded mode, tests). */
  allowPrivateNetwork: boolean;
  /** Host names (or IP literals) that may be private even when private addresses are not allowed. */
  allowedPrivateHosts?: readonly string[];
}

/** Only public unicast addresses are reachable when private ones are not allowed. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  readonly code = 'EBLOCKEDADDRESS';
  constructor(readonly host: string, readonly address: string) {
    super(`${host} resolves to ${address}, a private or reserved address`);
  }
}

const isAllowedHost = (policy: NetworkPolicy, host: string) =>
  (policy.allowedPrivateHosts ?? []).some((allowed) => allowed.toLowerCase() === host.toLowerCase());

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function guardedLookup(policy: NetworkPolicy, hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses;
    const blocked = isAllowedHost(policy, hostname) ? undefined : list.find((a) => !isPublicAddress(a.address));
    if (blocked) return callback(new BlockedAddressError(hostname, blocked.address), []);
    if ((options as { all?: boolean }).all) return callback(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    return callback(null, first.address, first.family);
  });
}

/** An undici dispatcher for user-supplied URLs: guarded when private addresses are not allowed. */
export function createOutboundAgent(policy: NetworkPolicy): Agent {
  const lookup = (hostname: string, options: object, callback: LookupCallback) => guardedLookup(policy, hostname, options, callback);
  return new Agent({
    connect: policy.allowPrivateNetwork ? {} : { lookup: lookup },
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
}

/**
 * Refuses a URL whose host is an IP literal in a private range (connecting to one skips the DNS
 * hook). Host names are checked on the addresses they resolve to, by the agent's lookup.
 */
export function assertUrlAllowed(url: URL, policy: NetworkPolicy): void {
  if (policy.allowPrivateNetwork) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublicAddress(host) && !isAllowedHost(policy, host)) throw new BlockedAddressError(url.hostname, host);
}
