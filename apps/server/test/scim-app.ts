import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { filter as scimFilter, parse as parseFilter } from 'scim2-parse-filter';
import { scimPatch, type ScimPatchOperation, type ScimResource } from 'scim-patch';

/**
 * The service-app side of SCIM 2.0 as docs/service-app-contract.md asks it, small and in
 * memory: /scim/v2/<tenant>/Users, /Groups, /Subscriptions and /BusinessTemplates with filter, POST, PUT, PATCH and DELETE,
 * behind a bearer token. A test can take it down (503) and read what it received.
 * Used by the provisioning API tests and by the browser tests' sample app.
 */

/** The core resource types, and what the unit bought (the portal's extension, docs/service-app-contract.md). */
export type ScimType = 'Users' | 'Groups' | 'Subscriptions' | 'BusinessTemplates';

export interface ScimRequest {
  method: string;
  tenant: string;
  type: ScimType;
  id: string | undefined;
  body: Record<string, unknown> | undefined;
  /** When it arrived and when the app had answered it (performance.now()): two requests for one object must not overlap. */
  arrivedAt: number;
  answeredAt?: number;
}

type Resource = ScimResource & { id: string; externalId?: string; [key: string]: unknown };

export interface ScimApp {
  /** Answers a request under /scim/v2/; false when the path is not SCIM's. */
  handle(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
  /** What the app holds for a tenant, by type. */
  resources(tenant: string, type: ScimType): Resource[];
  /** Every change request received (GET lookups left out), oldest first. */
  received: ScimRequest[];
  /** While down, every request answers 503 (and is not recorded). */
  setDown(down: boolean): void;
  /** Every request waits this long before the app acts on it, as a busy app's would: a fault test kills a portal with requests in flight. */
  setLatency(ms: number): void;
  /** While on, listing a type without a filter answers 501, as an app that cannot list would. */
  refuseListing(refuse: boolean): void;
  /** The app refuses to create or replace a user with one of these user names (400, invalidValue), as an app with rules of its own would. */
  refuseUsers(userNames: readonly string[]): void;
}

const json = (response: ServerResponse, status: number, body?: unknown) => {
  response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/scim+json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
};

const scimError = (response: ServerResponse, status: number, detail: string) =>
  json(response, status, { schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: String(status), detail });

/** Most resources one page holds, whatever `count` asks (RFC 7644 §3.4.2.4 lets the app cap it). */
const MAX_PAGE = 50;

/**
 * A query's answer (RFC 7644 §3.4.2): filtered, one page of it (startIndex from 1, count), each
 * resource reduced to `attributes` (its id always stays).
 */
function listResponse(all: Resource[], query: URLSearchParams) {
  const filter = query.get('filter');
  const found = filter ? all.filter(scimFilter(parseFilter(filter))) : all;
  const startIndex = Math.max(1, Number(query.get('startIndex')) || 1);
  const count = Math.min(MAX_PAGE, Math.max(0, Number(query.get('count') ?? MAX_PAGE) || 0));
  const page = found.slice(startIndex - 1, startIndex - 1 + count);
  const attributes = query.get('attributes')?.split(',').filter(Boolean);
  const shown = attributes ? page.map((r) => Object.fromEntries(Object.entries(r).filter(([key]) => key === 'id' || attributes.includes(key)))) : page;
  return { schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: found.length, startIndex, itemsPerPage: shown.length, Resources: shown };
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
}

export function createScimApp(token: string): ScimApp {
  const store = new Map<string, Map<string, Resource>>();
  const received: ScimRequest[] = [];
  let down = false;
  let latencyMs = 0;
  let listing = true;
  let refused = new Set<string>();
  const bucket = (tenant: string, type: string) => {
    const key = `${tenant}/${type}`;
    if (!store.has(key)) store.set(key, new Map());
    return store.get(key)!;
  };

  return {
    received,
    setDown: (value) => {
      down = value;
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
    resources: (tenant, type) => [...bucket(tenant, type).values()],
    async handle(request, response) {
      const arrivedAt = performance.now();
      let entry: ScimRequest | undefined;
      response.once('finish', () => {
        if (entry) entry.answeredAt = performance.now();
      });
      const url = new URL(request.url ?? '/', 'http://scim.local');
      const match = /^\/scim\/v2\/([^/]+)\/(Users|Groups|Subscriptions|BusinessTemplates)(?:\/([^/]+))?$/.exec(url.pathname);
      if (!match) return false;
      if (down) {
        scimError(response, 503, 'the app is down');
        return true;
      }
      if (request.headers.authorization !== `Bearer ${token}`) {
        scimError(response, 401, 'bad token');
        return true;
      }
      const [, tenant, type, rawId] = match as unknown as [string, string, ScimType, string | undefined];
      const id = rawId && decodeURIComponent(rawId);
      const resources = bucket(tenant, type);
      const method = request.method ?? 'GET';
      const body = await readBody(request);
      if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      if (method !== 'GET') received.push((entry = { method, tenant, type, id, body, arrivedAt }));
      if (type === 'Users' && (method === 'POST' || method === 'PUT') && refused.has(String(body?.userName))) {
        json(response, 400, { schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '400', scimType: 'invalidValue', detail: 'userName is not allowed here' });
        return true;
      }

      if (method === 'GET' && !id) {
        if (!listing && !url.searchParams.has('filter')) scimError(response, 501, 'listing is not implemented');
        else json(response, 200, listResponse([...resources.values()], url.searchParams));
        return true;
      }
      if (method === 'POST' && !id) {
        const created: Resource = { ...(body as object), id: randomUUID(), meta: { resourceType: type.slice(0, -1) } } as unknown as Resource;
        if ([...resources.values()].some((r) => r.externalId && r.externalId === created.externalId)) {
          scimError(response, 409, 'externalId already exists');
          return true;
        }
        resources.set(created.id, created);
        json(response, 201, created);
        return true;
      }
      const existing = id ? resources.get(id) : undefined;
      if (!existing) {
        scimError(response, 404, 'not found');
        return true;
      }
      if (method === 'GET') json(response, 200, existing);
      else if (method === 'PUT') {
        const replaced = { ...(body as object), id: existing.id, meta: existing.meta } as unknown as Resource;
        resources.set(existing.id, replaced);
        json(response, 200, replaced);
      } else if (method === 'PATCH') {
        const patched = scimPatch(existing, (body as { Operations: ScimPatchOperation[] }).Operations) as Resource;
        resources.set(existing.id, patched);
        json(response, 200, patched);
      } else if (method === 'DELETE') {
        resources.delete(existing.id);
        json(response, 204);
      } else scimError(response, 405, 'method not allowed');
      return true;
    },
  };
}
