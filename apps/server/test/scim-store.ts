import { randomUUID } from 'node:crypto';
import { filter as scimFilter, parse as parseFilter, type Filter } from 'scim2-parse-filter';
import { scimPatch, type ScimPatchOperation, type ScimResource } from 'scim-patch';

/**
 * What the sample SCIM app (scim-app.ts) holds, in memory, and what one SCIM operation does to
 * it: the same for a request of its own and for an operation inside a Bulk request. Resources
 * are indexed by externalId too, so that the bench's 100,000 users are not each compared with
 * all the others (a create checks uniqueness, a lookup filters by externalId).
 */

export type ScimType = 'Users' | 'Groups' | 'Subscriptions' | 'BusinessTemplates';

export type Resource = ScimResource & { id: string; externalId?: string; [key: string]: unknown };

export interface Answer {
  status: number;
  body?: unknown;
}

const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const errorAnswer = (status: number, detail: string, scimType?: string): Answer => ({
  status,
  body: { schemas: [ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail },
});

/** Most resources one page holds, whatever `count` asks (RFC 7644 §3.4.2.4 lets the app cap it). */
const MAX_PAGE = 50;

interface Bucket {
  byId: Map<string, Resource>;
  byExternalId: Map<string, string>;
}

/** The externalIds a filter asks for when it is only `externalId eq …` joined by `or` (what the portal's lookups send); undefined for any other filter. */
function externalIdsOf(filter: Filter): string[] | undefined {
  if (filter.op === 'eq' && 'attrPath' in filter && filter.attrPath === 'externalId') return [String(filter.compValue)];
  if (filter.op !== 'or' || !('filters' in filter)) return undefined;
  const parts = filter.filters.map(externalIdsOf);
  return parts.every(Boolean) ? parts.flat() as string[] : undefined;
}

export function createScimStore() {
  const buckets = new Map<string, Bucket>();
  const bucket = (tenant: string, type: string): Bucket => {
    const key = `${tenant}/${type}`;
    let found = buckets.get(key);
    if (!found) buckets.set(key, (found = { byId: new Map(), byExternalId: new Map() }));
    return found;
  };
  const keep = (into: Bucket, resource: Resource, before?: Resource) => {
    if (before?.externalId) into.byExternalId.delete(before.externalId);
    into.byId.set(resource.id, resource);
    if (resource.externalId) into.byExternalId.set(resource.externalId, resource.id);
  };

  /** A query's answer (RFC 7644 §3.4.2): filtered, one page of it (startIndex from 1, count), each resource reduced to `attributes` (its id always stays). */
  function list(into: Bucket, query: URLSearchParams): Answer {
    const filterText = query.get('filter');
    const parsed = filterText ? parseFilter(filterText) : undefined;
    const wanted = parsed && externalIdsOf(parsed);
    const found = wanted
      ? wanted.flatMap((externalId) => {
          const id = into.byExternalId.get(externalId);
          return id ? [into.byId.get(id)!] : [];
        })
      : parsed
        ? [...into.byId.values()].filter(scimFilter(parsed))
        : [...into.byId.values()];
    const startIndex = Math.max(1, Number(query.get('startIndex')) || 1);
    const count = Math.min(MAX_PAGE, Math.max(0, Number(query.get('count') ?? MAX_PAGE) || 0));
    const page = found.slice(startIndex - 1, startIndex - 1 + count);
    const attributes = query.get('attributes')?.split(',').filter(Boolean);
    const shown = attributes ? page.map((r) => Object.fromEntries(Object.entries(r).filter(([key]) => key === 'id' || attributes.includes(key)))) : page;
    return { status: 200, body: { schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: found.length, startIndex, itemsPerPage: shown.length, Resources: shown } };
  }

  /** One SCIM operation on a tenant's resources of a type; `id` from the path. */
  function act(tenant: string, type: ScimType, method: string, id: string | undefined, body: Record<string, unknown> | undefined, query = new URLSearchParams()): Answer {
    const into = bucket(tenant, type);
    if (method === 'GET' && !id) return list(into, query);
    if (method === 'POST' && !id) {
      const created = { ...body, id: randomUUID(), meta: { resourceType: type.slice(0, -1) } } as unknown as Resource;
      if (created.externalId && into.byExternalId.has(created.externalId)) return errorAnswer(409, 'externalId already exists', 'uniqueness');
      keep(into, created);
      return { status: 201, body: created };
    }
    const existing = id ? into.byId.get(id) : undefined;
    if (!existing) return errorAnswer(404, 'not found');
    if (method === 'GET') return { status: 200, body: existing };
    if (method === 'PUT') {
      const replaced = { ...body, id: existing.id, meta: existing.meta } as unknown as Resource;
      keep(into, replaced, existing);
      return { status: 200, body: replaced };
    }
    if (method === 'PATCH') {
      const patched = scimPatch(existing, (body as { Operations: ScimPatchOperation[] }).Operations) as Resource;
      keep(into, patched, existing);
      return { status: 200, body: patched };
    }
    if (method === 'DELETE') {
      into.byId.delete(existing.id);
      if (existing.externalId) into.byExternalId.delete(existing.externalId);
      return { status: 204 };
    }
    return errorAnswer(405, 'method not allowed');
  }

  return { act, resources: (tenant: string, type: ScimType) => [...bucket(tenant, type).byId.values()] };
}
