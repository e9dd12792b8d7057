import ipaddr from 'ipaddr.js';
import type { OutboundAllowance } from '../../config.ts';

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

/** What OUTBOUND_ALLOWED_HOSTS allows, as the guard asks it. */
export interface AllowList {
  /** The host name is named (whatever it resolves to, the administrator trusts it). */
  allowsHost(hostname: string): boolean;
  /** The address is in a named network (or is a named address). */
  allowsAddress(address: string): boolean;
}

/** The allow list of the configuration's OUTBOUND_ALLOWED_HOSTS (config.ts checked its entries). */
export function allowListOf(allowed: OutboundAllowance): AllowList {
  const networks = allowed.networks.map((network) => ipaddr.parseCIDR(network));
  return {
    allowsHost(hostname) {
      const name = hostname.toLowerCase().replace(/\.$/, '');
      return allowed.hosts.some((host) => (host.startsWith('*.') ? name.endsWith(host.slice(1)) : name === host));
    },
    allowsAddress(address) {
      const bare = address.replace(/^\[|\]$/g, '');
      if (!ipaddr.isValid(bare)) return false;
      // The mapped form of a named IPv4 address is that address.
      const parsed = ipaddr.process(bare);
      return networks.some(([network, bits]) => network.kind() === parsed.kind() && parsed.match(network, bits));
    },
  };
}

/** Why the portal does not call `address` for `hostname`, or undefined when it may. */
export function refusalOf(allow: AllowList, hostname: string, address: string): string | undefined {
  if (allow.allowsHost(hostname) || allow.allowsAddress(address)) return undefined;
  return specialUseRange(address);
}
