/**
 * Outbound requests to user-supplied URLs (recordings, webhook receivers) must not reach this
 * machine's or its network's private services (SSRF), unless private addresses are allowed
 * (the embedded mode and tests, whose servers live on 127.0.0.1). The check runs on the address
 * actually connected to (a DNS lookup hook), so DNS rebinding cannot slip past it, and on every
 * redirect hop.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';

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

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function guardedLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses;
    const blocked = list.find((a) => !isPublicAddress(a.address));
    if (blocked) return callback(new BlockedAddressError(hostname, blocked.address), []);
    const wantsAll = (options as { all?: boolean }).all;
    if (wantsAll) return callback(null, list);
    const first = list[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    return callback(null, first.address, first.family);
  });
}

/** An undici dispatcher for user-supplied URLs: guarded when private addresses are not allowed. */
export function createOutboundAgent(allowPrivateNetwork: boolean): Agent {
  return new Agent({
    connect: allowPrivateNetwork ? {} : { lookup: guardedLookup },
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
}

/** Refuses a URL whose host is an IP literal in a private range (those skip the DNS hook). */
export function assertUrlAllowed(url: URL, allowPrivateNetwork: boolean): void {
  if (allowPrivateNetwork) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isPublicAddress(host)) throw new BlockedAddressError(url.hostname, host);
  if (host === 'localhost' || host.endsWith('.localhost')) throw new BlockedAddressError(url.hostname, '127.0.0.1');
}
