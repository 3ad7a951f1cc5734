import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Whether an IP address is on the public internet, by ipaddr.js's classification: only its
 * `unicast` range (global unicast) is. Everything else is refused: loopback, private
 * (10/8, 172.16/12, 192.168/16), link-local (169.254/16, the cloud metadata address
 * 169.254.169.254 among them; fe80::/10), unique-local (fc00::/7), carrier-grade NAT
 * (100.64/10), multicast, broadcast, unspecified, reserved and documentation ranges, and the
 * IPv6 forms that carry an IPv4 address (IPv4-mapped ::ffff:a.b.c.d is judged as that IPv4
 * address; NAT64, 6to4 and Teredo prefixes are refused outright).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

/**
 * An IP literal as a parsed URL's hostname spells it (`[::1]` for IPv6), without brackets;
 * undefined for a name. The URL parser has already turned IPv4's other spellings
 * (`0x7f.1`, `2130706433`) into dotted decimal.
 */
export function ipLiteral(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : undefined;
}
