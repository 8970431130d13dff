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

const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 addresses an IPv6 address carries, by the forms that carry one (issue 33: the URL
 * parser writes http://[::127.0.0.1]/ as [::7f00:1], which ipaddr.js classes as plain unicast, so
 * it reached the network): IPv4-compatible ::a.b.c.d (::/96, but :: and ::1 themselves),
 * IPv4-mapped ::ffff:a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d (RFC 6145), NAT64's well-known
 * 64:ff9b::a.b.c.d (RFC 6052), 6to4 2002:aabb:ccdd::/48, and Teredo 2001:0::/32 (its server, and
 * its client stored inverted). Undefined for any other IPv6 address.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const p = address.parts;
  const zeroUpTo = (end: number) => p.slice(0, end).every((part) => part === 0);
  if (zeroUpTo(6) && p[6] === 0 && p[7]! <= 1) return undefined; // :: and ::1
  if (zeroUpTo(5) && (p[5] === 0 || p[5] === 0xffff)) return [ipv4Of(p[6]!, p[7]!)];
  if (zeroUpTo(4) && p[4] === 0xffff && p[5] === 0) return [ipv4Of(p[6]!, p[7]!)];
  if (p[0] === 0x64 && p[1] === 0xff9b && p.slice(2, 6).every((part) => part === 0)) return [ipv4Of(p[6]!, p[7]!)];
  if (p[0] === 0x2002) return [ipv4Of(p[1]!, p[2]!)];
  if (p[0] === 0x2001 && p[1] === 0) return [ipv4Of(p[2]!, p[3]!), ipv4Of(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
  return undefined;
}

/** The addresses `address` is judged by: itself, or every IPv4 address an IPv6 form of it carries. */
function judged(address: string): (ipaddr.IPv4 | ipaddr.IPv6)[] {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return [];
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv4') return [parsed];
  return embeddedIPv4(parsed as ipaddr.IPv6) ?? [parsed];
}

/**
 * Public unicast only: ipaddr.js classes private (10/8, 172.16/12, 192.168/16), loopback,
 * link-local (169.254/16 with the cloud metadata address, fe80::/10), unique-local (fc00::/7),
 * CGNAT (100.64/10), multicast, broadcast, unspecified (0/8, ::), reserved and documentation
 * as something other than 'unicast'. An IPv6 form that carries an IPv4 address (::ffff:10.0.0.1,
 * ::10.0.0.1, 64:ff9b::10.0.0.1, 6to4, Teredo) is judged by the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  const addresses = judged(address);
  return addresses.length > 0 && addresses.every((parsed) => parsed.range() === 'unicast');
}

export function isLoopbackAddress(address: string): boolean {
  const addresses = judged(address);
  return addresses.length > 0 && addresses.every((parsed) => parsed.range() === 'loopback');
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
