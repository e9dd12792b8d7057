import { lookup as systemLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import type { Agent, fetch as UndiciFetch, RequestInit, Response } from 'undici';
import { refusalOf, type AllowList } from './addresses.ts';

/** A call refused because its host is (or resolves to) an address the portal does not call. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
  readonly code = 'E_OUTBOUND_REFUSED';
  readonly range: string;
  constructor(hostname: string, range: string) {
    super(`${hostname} is a ${range} address: outbound calls go to public addresses or those OUTBOUND_ALLOWED_HOSTS names`);
    this.range = range;
  }
}

/** Whether `error` (or what caused it: fetch wraps connection errors) is an outbound refusal. */
export function isOutboundRefused(error: unknown): error is OutboundRefused {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (cause instanceof OutboundRefused) return true;
  }
  return false;
}

type Lookup = (hostname: string, options: LookupOptions & { all: true }, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

export interface Outbound {
  /** fetch, connecting only to addresses the portal may call (checked on each connection, redirects included). */
  fetch(url: string | URL, init?: RequestInit): Promise<Response>;
  /**
   * Why the portal would not call `url` (the special-use range its host is or resolves to), or
   * undefined: for a clear field error when an administrator saves it. A name that does not
   * resolve now passes (its app may come later); every call is checked again when it connects.
   */
  refusalOf(url: string): Promise<string | undefined>;
  close(): Promise<void>;
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');
const LOOKUP_AT_SAVE_MS = 2000;

/**
 * Outbound calls that cannot be turned inward. The host is resolved, and the connection made,
 * only to addresses the allow list admits (`addresses.ts`); the address a socket reached is
 * checked again once connected. So a name that resolved to a public address when it was saved
 * and to an internal one now (DNS rebinding) is still refused.
 */
export function createOutbound(allow: AllowList, options: { lookup?: Lookup } = {}): Outbound {
  const lookup: Lookup = options.lookup ?? ((hostname, lookupOptions, callback) => systemLookup(hostname, lookupOptions, callback));

  const guardedLookup = (hostname: string, lookupOptions: LookupOptions, callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const usable = addresses.filter((entry) => refusalOf(allow, hostname, entry.address) === undefined);
      if (usable.length === 0) return callback(new OutboundRefused(hostname, refusalOf(allow, hostname, addresses[0]!.address) ?? 'unknown'), []);
      if (lookupOptions.all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
  // undici (~0.2–0.3 s of a start's module loading) loads with the first outbound call, not at start.
  let opened: Promise<{ agent: Agent; fetch: typeof UndiciFetch }> | undefined;
  const open = () =>
    (opened ??= import('undici').then(({ Agent: UndiciAgent, buildConnector, fetch }) => {
      const connect = buildConnector({ lookup: guardedLookup as never, timeout: 10_000 });
      const agent = new UndiciAgent({
        connect(connectOptions, callback) {
          // An address written in the URL is not looked up: it is judged as it is.
          const literal = isIP(bare(connectOptions.hostname)) ? refusalOf(allow, connectOptions.hostname, bare(connectOptions.hostname)) : undefined;
          if (literal) return callback(new OutboundRefused(connectOptions.hostname, literal), null);
          connect(connectOptions, (error, socket) => {
            if (error || !socket) return callback(error ?? new Error('no socket'), null);
            const reached = refusalOf(allow, connectOptions.hostname, socket.remoteAddress ?? '');
            if (reached) {
              socket.destroy();
              return callback(new OutboundRefused(connectOptions.hostname, reached), null);
            }
            return callback(null, socket);
          });
        },
      });
      return { agent, fetch };
    }));

  return {
    fetch: async (url, init = {}) => {
      const { agent, fetch } = await open();
      return fetch(url, { ...init, dispatcher: agent });
    },
    async refusalOf(url) {
      // A template's placeholder stands for a tenant: any label judges the host the same.
      const parsed = URL.parse(url.replaceAll('{tenant}', 'tenant'));
      if (!parsed) return undefined;
      const hostname = bare(parsed.hostname);
      if (allow.allowsHost(hostname)) return undefined;
      if (isIP(hostname)) return refusalOf(allow, hostname, hostname);
      // RFC 6761: every name under localhost is the machine itself, whether or not this one resolves it.
      if (hostname === 'localhost' || hostname.endsWith('.localhost')) return 'loopback';
      const addresses = await new Promise<LookupAddress[]>((resolve) => {
        const timer = setTimeout(() => resolve([]), LOOKUP_AT_SAVE_MS);
        lookup(hostname, { all: true }, (error, found) => {
          clearTimeout(timer);
          resolve(error ? [] : found);
        });
      });
      for (const { address } of addresses) {
        const refusal = refusalOf(allow, hostname, address);
        if (refusal) return refusal;
      }
      return undefined;
    },
    close: async () => {
      if (opened) await (await opened).agent.close();
    },
  };
}
