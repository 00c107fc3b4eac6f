/**
 * Address checks of the network commands (the original's checks and messages), through the maintained ipaddr.js:
 * `--db-allow-cidr` ranges sorted into IPv4 and IPv6 with private ranges refused unless bypassed,
 * and `--db-unban-ip` limited to IPv4. IPv4 must be plain dotted decimal, as Go's parser wants.
 */
import ipaddr from 'ipaddr.js';
import { TaskError } from '../task-error.js';

export interface AllowedCidrs {
  dbAllowedCidrs: string[];
  dbAllowedCidrsV6: string[];
}

/** Splits the ranges by family, in the order given. */
export function splitAllowedCidrs(cidrs: readonly string[], bypassChecks: boolean): AllowedCidrs {
  const body: AllowedCidrs = { dbAllowedCidrs: [], dbAllowedCidrsV6: [] };
  for (const cidr of cidrs) {
    const address = parseCidrAddress(cidr);
    if (!address) throw new TaskError(`failed to parse IP: ${cidr}`, 'Write each range as address/prefix, e.g. 203.0.113.0/24 or 2001:db8::/32.');
    if (isPrivate(address) && !bypassChecks) {
      throw new TaskError(`private IP provided: ${cidr}`, 'Pass --bypass-cidr-checks to allow private ranges anyway.');
    }
    (address.kind() === 'ipv4' ? body.dbAllowedCidrs : body.dbAllowedCidrsV6).push(cidr);
  }
  return body;
}

/** Refuses anything that is not an IPv4 address, naming it. */
export function checkUnbanAddresses(addresses: readonly string[]): void {
  for (const address of addresses) {
    if (!ipaddr.IPv4.isValidFourPartDecimal(address)) throw new TaskError(`only IPv4 supported at the moment: ${address}`);
  }
}

/** The range's address, IPv4-mapped IPv6 taken as the IPv4 address it carries; undefined when it does not parse. */
function parseCidrAddress(cidr: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!ipaddr.isValidCIDR(cidr)) return undefined;
  const [address] = ipaddr.parseCIDR(cidr);
  if (address.kind() === 'ipv4') return ipaddr.IPv4.isValidFourPartDecimal(cidr.slice(0, cidr.indexOf('/'))) ? address : undefined;
  const v6 = address as ipaddr.IPv6;
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

/** RFC 1918 for IPv4, unique local (fc00::/7) for IPv6: what Go's IsPrivate means. */
function isPrivate(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return address.range() === (address.kind() === 'ipv4' ? 'private' : 'uniqueLocal');
}
