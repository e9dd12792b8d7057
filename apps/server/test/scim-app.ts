import type { IncomingMessage, ServerResponse } from 'node:http';
import { createScimStore, errorAnswer, type Answer, type Resource, type ScimType } from './scim-store.ts';
import { bulkAnswer, serviceProviderConfig, type BulkLimits } from './scim-app-bulk.ts';

/**
 * The service-app side of SCIM 2.0 as docs/service-app-contract.md asks it, small and in
 * memory: /scim/v2/<tenant>/Users, /Groups, /Subscriptions and /BusinessTemplates with filter, POST, PUT, PATCH and DELETE,
 * /ServiceProviderConfig, and /Bulk when a test turns it on (setBulk), behind a bearer token. A test can take it down (503) and read what it received.
 * Used by the provisioning API tests and by the browser tests' sample app.
 */

export type { ScimType };

export interface ScimRequest {
  method: string;
  tenant: string;
  type: ScimType;
  id: string | undefined;
  body: Record<string, unknown> | undefined;
  /** When it arrived and when the app had answered it (performance.now()): two requests for one object must not overlap. */
  arrivedAt: number;
  answeredAt?: number;
  /** An operation of a Bulk request. */
  viaBulk?: true;
}

export interface ScimApp {
  /** Answers a request under /scim/v2/; false when the path is not SCIM's. */
  handle(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
  /** What the app holds for a tenant, by type. */
  resources(tenant: string, type: ScimType): Resource[];
  /** Every change request received (GET lookups left out), oldest first. */
  received: ScimRequest[];
  /** While down, every request answers 503 (and is not recorded): to every tenant, or to `tenant`'s only. */
  setDown(down: boolean, tenant?: string): void;
  /** Every request waits this long before the app acts on it, as a busy app's would: a fault test kills a portal with requests in flight. */
  setLatency(ms: number): void;
  /** While on, listing a type without a filter answers 501, as an app that cannot list would. */
  refuseListing(refuse: boolean): void;
  /** The app refuses to create or replace a user with one of these user names (400, invalidValue), as an app with rules of its own would. */
  refuseUsers(userNames: readonly string[]): void;
  /** The next `times` requests answer 429 Too Many Requests with this Retry-After (seconds or an HTTP date; none when undefined). */
  throttle(times: number, retryAfter?: string): void;
  /** How many requests were answered 429. */
  readonly throttled: number;
  /** The most requests the app has had in hand at once (from arrival to answer), since the last reset. */
  readonly mostInFlight: number;
  resetMostInFlight(): void;
  /** Offers SCIM Bulk (RFC 7644 §3.7) within these limits, advertised in its ServiceProviderConfig; null (the default) offers none. */
  setBulk(limits: BulkLimits | null): void;
  /** How many operations each Bulk request carried, oldest first (its operations are in `received` too). */
  bulkRequests: number[];
}

const json = (response: ServerResponse, status: number, body?: unknown) => {
  response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/scim+json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
};

const send = (response: ServerResponse, answer: Answer) => json(response, answer.status, answer.body);

async function readBody(request: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
}

export function createScimApp(token: string): ScimApp {
  const store = createScimStore();
  const received: ScimRequest[] = [];
  const bulkRequests: number[] = [];
  let bulk: BulkLimits | null = null;
  let down = false;
  const downTenants = new Set<string>();
  let latencyMs = 0;
  let listing = true;
  let refused = new Set<string>();
  let throttles = 0;
  let throttleRetryAfter: string | undefined;
  let throttled = 0;
  let inFlight = 0;
  let mostInFlight = 0;

  /** One operation, of a request or of a Bulk request: the app's own rules, then the store. */
  function act(tenant: string, type: ScimType, method: string, id: string | undefined, body: Record<string, unknown> | undefined, query?: URLSearchParams): Answer {
    if (method === 'GET' && !id && !listing && !query?.has('filter')) return errorAnswer(501, 'listing is not implemented');
    if (type === 'Users' && (method === 'POST' || method === 'PUT') && refused.has(String(body?.userName))) return errorAnswer(400, 'userName is not allowed here', 'invalidValue');
    return store.act(tenant, type, method, id, body, query);
  }

  return {
    received,
    bulkRequests,
    setBulk: (limits) => {
      bulk = limits;
    },
    setDown: (value, tenant) => {
      if (tenant === undefined) down = value;
      else if (value) downTenants.add(tenant);
      else downTenants.delete(tenant);
    },
    refuseListing: (refuse) => {
      listing = !refuse;
    },
    setLatency: (ms) => {
      latencyMs = ms;
    },
    refuseUsers: (userNames) => {
      refused = new Set(userNames);
    },
    throttle: (times, retryAfter) => {
      throttles = times;
      throttleRetryAfter = retryAfter;
    },
    get throttled() {
      return throttled;
    },
    get mostInFlight() {
      return mostInFlight;
    },
    resetMostInFlight: () => {
      mostInFlight = 0;
    },
    resources: (tenant, type) => store.resources(tenant, type) as Resource[],
    async handle(request, response) {
      const arrivedAt = performance.now();
      // What it recorded: one entry, or one per operation of a Bulk request.
      const entries: ScimRequest[] = [];
      const url = new URL(request.url ?? '/', 'http://scim.local');
      const match = /^\/scim\/v2\/([^/]+)\/(Users|Groups|Subscriptions|BusinessTemplates|ServiceProviderConfig|Bulk)(?:\/([^/]+))?$/.exec(url.pathname);
      if (!match) return false;
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      response.once('finish', () => {
        for (const entry of entries) entry.answeredAt = performance.now();
      });
      // Counted until the answer is sent or the caller gave up. A caller that died (an instance
      // killed mid-request) never sees its answer finish: its request ended when its connection
      // closed, which is what the ordering checks compare the next request with.
      let closedAt: number | undefined;
      response.once('close', () => {
        inFlight -= 1;
        closedAt = performance.now();
        for (const entry of entries) entry.answeredAt ??= closedAt;
      });
      if (throttles > 0) {
        throttles -= 1;
        throttled += 1;
        response.writeHead(429, throttleRetryAfter === undefined ? {} : { 'retry-after': throttleRetryAfter });
        response.end();
        return true;
      }
      if (down || downTenants.has(decodeURIComponent(match[1]!))) {
        send(response, errorAnswer(503, 'the app is down'));
        return true;
      }
      if (request.headers.authorization !== `Bearer ${token}`) {
        send(response, errorAnswer(401, 'bad token'));
        return true;
      }
      const [, tenant, path, rawId] = match as unknown as [string, string, ScimType | 'ServiceProviderConfig' | 'Bulk', string | undefined];
      const id = rawId && decodeURIComponent(rawId);
      const method = request.method ?? 'GET';
      const body = await readBody(request);
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      const record = (type: ScimType, opMethod: string, opId: string | undefined, opBody: Record<string, unknown> | undefined) => {
        if (opMethod === 'GET') return;
        const entry: ScimRequest = { method: opMethod, tenant, type, id: opId, body: opBody, arrivedAt, ...(closedAt === undefined ? {} : { answeredAt: closedAt }), ...(path === 'Bulk' ? { viaBulk: true as const } : {}) };
        entries.push(entry);
        received.push(entry);
      };
      if (path === 'ServiceProviderConfig') send(response, { status: 200, body: serviceProviderConfig(bulk) });
      else if (path === 'Bulk') {
        if (!bulk) send(response, errorAnswer(501, 'bulk is not implemented'));
        else {
          const answer = bulkAnswer(bulk, body, Buffer.byteLength(JSON.stringify(body ?? {})), (type, opMethod, opId, opBody) => {
            record(type, opMethod, opId, opBody);
            return act(tenant, type, opMethod, opId, opBody);
          });
          if (answer.status === 200) bulkRequests.push((body?.Operations as unknown[]).length);
          send(response, answer);
        }
      } else {
        record(path, method, id, body);
        send(response, act(tenant, path, method, id, body, url.searchParams));
      }
      return true;
    },
  };
}
