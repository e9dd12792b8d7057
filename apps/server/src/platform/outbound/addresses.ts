import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses the portal may call on an administrator's say (SCIM endpoints, back-channel
 * logout URIs, webhooks): public unicast only, unless OUTBOUND_ALLOWED_HOSTS names the host or
 * its network. Everything else — loopback, private, link-local (cloud metadata), unique-local,
 * carrier-grade NAT, multicast, broadcast, unspecified, reserved, and the IPv6 forms that
 * reach IPv4 (mapped, compatible, NAT64, 6to4, Teredo) — is refused.
 */

/** The special-use range `address` is in, or undefined when it is public unicast (or not an address). */
export function specialUseRange(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return undefined;
  // ::ffff:a9fe:a9fe is 169.254.169.254: judged as the IPv4 address it reaches.
  const parsed = ipaddr.process(bare);
  const range = parsed.range();
  if (range !== 'unicast') return range;
  // ::127.0.0.1, the deprecated IPv4-compatible form, which ipaddr.js counts as unicast.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) return 'ipv4Compatible';
  return undefined;
}

/** The parsed OUTBOUND_ALLOWED_HOSTS: host names (exact, or `*.` for any host under a domain) and networks. */
export interface AllowList {
  readonly entries: readonly string[];
  /** The host name is named (whatever it resolves to, the administrator trusts it). */
  allowsHost(hostname: string): boolean;
  /** The address is in a named network (or is a named address). */
  allowsAddress(address: string): boolean;
}

const HOST_NAME = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** One entry of the list, checked: an address, a network (CIDR) or a host name. */
function entryOf(raw: string): { network: [ipaddr.IPv4 | ipaddr.IPv6, number] } | { host: string } {
  const entry = raw.trim().toLowerCase();
  if (/^[0-9a-f:.]+\/\d{1,3}$/.test(entry)) {
    try {
      return { network: ipaddr.parseCIDR(entry) };
    } catch {
      throw new Error(`"${raw}" is not a network (address/prefix length)`);
    }
  }
  if (isIP(entry.replace(/^\[|\]$/g, ''))) {
    const address = ipaddr.process(entry.replace(/^\[|\]$/g, ''));
    return { network: [address, address.kind() === 'ipv4' ? 32 : 128] };
  }
  if (!HOST_NAME.test(entry)) throw new Error(`"${raw}" is neither a host name, an address nor a network`);
  return { host: entry };
}

/** Reads a comma-separated list; throws naming the first entry that is none of the three. */
export function parseAllowList(raw: string | undefined): AllowList {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const parsed = entries.map(entryOf);
  const hosts = parsed.flatMap((entry) => ('host' in entry ? [entry.host] : []));
  const networks = parsed.flatMap((entry) => ('network' in entry ? [entry.network] : []));
  return {
    entries,
    allowsHost(hostname) {
      const name = hostname.toLowerCase().replace(/\.$/, '');
      return hosts.some((host) => (host.startsWith('*.') ? name.endsWith(host.slice(1)) : name === host));
    },
    allowsAddress(address) {
      const bare = address.replace(/^\[|\]$/g, '');
      if (!ipaddr.isValid(bare)) return false;
      const parsedAddress = ipaddr.process(bare);
      return networks.some(([network, bits]) => network.kind() === parsedAddress.kind() && parsedAddress.match(network, bits));
    },
  };
}

/** Why the portal does not call `address` for `hostname`, or undefined when it may. */
export function refusalOf(allow: AllowList, hostname: string, address: string): string | undefined {
  if (allow.allowsHost(hostname) || allow.allowsAddress(address)) return undefined;
  return specialUseRange(address);
}
