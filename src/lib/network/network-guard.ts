/**
 * Outbound requests to user-supplied URLs (recordings, webhook receivers) must not reach this
 * machine's or its network's private services (SSRF). Loopback, private, link-local (the cloud
 * metadata address 169.254.169.254 among them), carrier-grade NAT and every other reserved range
 * are refused unless private addresses are explicitly allowed (ALLOW_PRIVATE_NETWORK) or the host,
 * or host and port, is on the allow-list (ALLOW_PRIVATE_HOSTS, plus PUBLIC_BASE_URL's own).
 * The check runs on the address actually connected to: a guarded DNS lookup for names (so DNS
 * rebinding cannot slip past it) and a check of IP literals, for every connection of every hop
 * (guarded-agents.ts); the URL check here only gives an early, clear refusal.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface NetworkPolicy {
  /** Any private or loopback address may be reached (ALLOW_PRIVATE_NETWORK=true). */
  allowPrivateNetwork: boolean;
  /**
   * `host` or `host:port` entries (IPv6 in brackets with a port) that may be private even when
   * private addresses are not allowed; matched on the name in the URL, never on what it resolves to.
   */
  allowedPrivateHosts?: readonly string[];
}

/** Only public unicast addresses are reachable when private ones are not allowed. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export class BlockedAddressError extends Error {
  override name = 'BlockedAddressError';
  readonly code = 'EBLOCKEDADDRESS';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, a private or reserved address`);
  }
}

/** A host as compared: lower case, no brackets or trailing dot, IPv4-mapped IPv6 as IPv4. */
export function normalizeHost(host: string): string {
  const bare = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  return ipaddr.isValid(bare) ? ipaddr.process(bare).toString() : bare;
}

export interface HostEntry {
  host: string;
  port?: number;
}

/** Reads `host`, `host:port`, `[v6]`, `[v6]:port` or a bare IPv6 address; undefined when it is none of them. */
export function parseHostEntry(entry: string): HostEntry | undefined {
  const text = entry.trim();
  if (isIP(text) === 6) return { host: normalizeHost(text) };
  let url: URL;
  try {
    url = new URL(`http://${text}`);
  } catch {
    return undefined;
  }
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash || !url.hostname) return undefined;
  // URL drops the scheme's default port: an explicit ":80" must still be kept.
  const port = url.port ? Number(url.port) : /:80$/.test(text) ? 80 : undefined;
  return { host: normalizeHost(url.hostname), ...(port === undefined ? {} : { port }) };
}

/** Whether this host (and port) is allowed to be private by the policy's allow-list. */
export function isAllowedHost(policy: NetworkPolicy, host: string, port: number): boolean {
  const wanted = normalizeHost(host);
  return (policy.allowedPrivateHosts ?? []).some((raw) => {
    const entry = parseHostEntry(raw);
    return entry !== undefined && entry.host === wanted && (entry.port === undefined || entry.port === port);
  });
}

const defaultPort = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that fails with BlockedAddressError when a name resolves to any non-public address. */
export function guardedLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked) return callback(new BlockedAddressError(hostname, blocked.address), []);
    if ((options as { all?: boolean }).all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
    return callback(null, first.address, first.family);
  });
}

/** How one connection to host:port is made under the policy. */
export type ConnectionRule = { kind: 'open' } | { kind: 'guarded' } | { kind: 'refused'; error: BlockedAddressError };

export function connectionRule(policy: NetworkPolicy, host: string, port: number): ConnectionRule {
  if (policy.allowPrivateNetwork || isAllowedHost(policy, host, port)) return { kind: 'open' };
  const bare = normalizeHost(host);
  // An IP literal is connected to without a lookup: it is checked here.
  if (isIP(bare)) return isPublicAddress(bare) ? { kind: 'open' } : { kind: 'refused', error: new BlockedAddressError(host, bare) };
  return { kind: 'guarded' };
}

/**
 * Refuses a URL whose host is a private IP literal before any connection (an early, clear error;
 * the connection itself is checked again). Host names are checked on what they resolve to.
 */
export function assertUrlAllowed(url: URL, policy: NetworkPolicy): void {
  const rule = connectionRule(policy, url.hostname, defaultPort(url));
  if (rule.kind === 'refused') throw rule.error;
}

/**
 * The full check of a URL a user gives us to call later (webhook receivers): IP literals and what
 * a name resolves to now. A name that does not resolve is let through: the delivery will say so.
 */
export async function checkUrlReachable(url: URL, policy: NetworkPolicy): Promise<BlockedAddressError | undefined> {
  const rule = connectionRule(policy, url.hostname, defaultPort(url));
  if (rule.kind === 'refused') return rule.error;
  if (rule.kind === 'open') return undefined;
  return new Promise((resolve) => {
    guardedLookup(normalizeHost(url.hostname), { all: true }, (error) => resolve(error instanceof BlockedAddressError ? error : undefined));
  });
}
