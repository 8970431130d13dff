// D18: the collector never connects to a private, loopback, link-local or otherwise non-public
// address. The check is made on the address actually connected to (resolved once and pinned,
// see site-fetcher.ts) and on literal IP hosts, which Node connects to without any lookup.
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (injectable: tests map names to chosen addresses). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** Whether the collector may connect to `address` for a URL whose host is `host` (hostname or hostname:port). */
export interface AddressPolicy {
  allows(address: string, target: { hostname: string; port: number }): boolean;
}

function parse(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return undefined;
  const parsed = ipaddr.parse(bare);
  // ::ffff:10.0.0.1 is 10.0.0.1: judge the IPv4 address inside.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed;
}

/**
 * Public unicast only: ipaddr.js classes private (10/8, 172.16/12, 192.168/16), loopback,
 * link-local (169.254/16 with the cloud metadata address, fe80::/10), unique-local (fc00::/7),
 * CGNAT (100.64/10), multicast, broadcast, unspecified (0/8, ::), reserved, documentation
 * and the 6to4/Teredo/NAT64 wrappers as something other than 'unicast'.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parse(address);
  return parsed !== undefined && parsed.range() === 'unicast';
}

export function isLoopbackAddress(address: string): boolean {
  const parsed = parse(address);
  return parsed !== undefined && parsed.range() === 'loopback';
}

/** The product's policy: public addresses only. */
export const publicOnlyPolicy: AddressPolicy = { allows: (address) => isPublicAddress(address) };

/**
 * Public addresses, plus loopback for the listed hosts only ("host" or "host:port"; tests and
 * the browser tests' local sites). Never private, link-local or anything else, whatever the list.
 */
export function policyAllowingLoopbackFor(hosts: readonly string[]): AddressPolicy {
  const listed = new Set(hosts.map((h) => h.trim().toLowerCase()).filter(Boolean));
  if (listed.size === 0) return publicOnlyPolicy;
  return {
    allows(address, { hostname, port }) {
      if (isPublicAddress(address)) return true;
      const name = hostname.replace(/^\[|\]$/g, '').toLowerCase();
      return isLoopbackAddress(address) && (listed.has(name) || listed.has(`${name}:${port}`));
    },
  };
}
