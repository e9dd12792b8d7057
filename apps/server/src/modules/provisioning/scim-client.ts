import { stringify } from 'scim2-parse-filter';
import { DELIVERY_DETAIL_MAX, toStorableText } from '@portal/contracts';
import type { Outbound } from '../../platform/outbound/outbound.ts';

/**
 * The SCIM 2.0 calls the portal makes to a service app (RFC 7644), as docs/service-app-contract.md
 * lists them. Objects are keyed in the app by `externalId` (the portal's id), so a retry after
 * an answer that got lost finds what the first try created instead of creating it twice.
 */

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  bulkRequest: 'urn:ietf:params:scim:api:messages:2.0:BulkRequest',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  /** The portal's own resource type (docs/service-app-contract.md): what the unit bought of the app. */
  subscription: 'urn:sso-portal:scim:schemas:1.0:Subscription',
  /** A business-information template pushed into the unit's app (/enterprise/template). */
  businessTemplate: 'urn:sso-portal:scim:schemas:1.0:BusinessTemplate',
} as const;

export interface ScimUser {
  schemas: string[];
  externalId: string;
  userName: string;
  name: { givenName: string; familyName: string; formatted: string };
  displayName: string;
  active: boolean;
  emails: { value: string; type: 'work'; primary: boolean }[];
  phoneNumbers: { value: string; type: 'mobile' }[];
  roles: { value: string; display: string; primary: boolean }[];
  entitlements: { value: string; display: string; type: 'profile' }[];
}

export interface ScimGroup {
  schemas: string[];
  externalId: string;
  displayName: string;
  members: { value: string; display: string }[];
}

/** What a unit bought of the app: seats, validity and features of one pack holding the service. */
export interface ScimSubscription {
  schemas: string[];
  externalId: string;
  packageName: string;
  level: string;
  seats: number;
  startsAt: string;
  endsAt: string | null;
  isTrial: boolean;
  active: boolean;
  features: string[];
}

/** A template's business information, as the service's app defines its content. */
export interface ScimBusinessTemplate {
  schemas: string[];
  externalId: string;
  name: string;
  description: string | null;
  content: string;
}

export type ScimResourceType = 'Users' | 'Groups' | 'Subscriptions' | 'BusinessTemplates';

/**
 * A refusal or failure of the app: its HTTP status (0 when it did not answer) and, when it
 * answered a SCIM error, that error's detail. The message names the call, never what the app
 * sent, and `detail` is all that is kept of its answer (delivery-failure.ts).
 */
export class ScimError extends Error {
  override name = 'ScimError';
  readonly status: number;
  readonly detail: string | null;
  /** The app answered, but not what SCIM asks for (no id, not JSON). */
  readonly unreadable: boolean;
  constructor(status: number, message: string, options: { detail?: string | null; unreadable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = status;
    this.detail = options.detail ?? null;
    this.unreadable = options.unreadable ?? false;
  }
}

/**
 * Answers that say the app refuses what was sent (RFC 7644 §3.12: invalid value, uniqueness,
 * forbidden), or does not do what was asked (501, e.g. an app that cannot list its users):
 * sending the same again cannot succeed, so the delivery fails at once and the object shows
 * why; the next change of the object, or a Sync, sends it again.
 */
const REFUSALS = new Set([400, 403, 409, 422, 501]);

export const isRefusal = (error: unknown): error is ScimError => error instanceof ScimError && REFUSALS.has(error.status);

const TIMEOUT_MS = 10_000;

/** Resources asked for a page when listing a tenant (RFC 7644 §3.4.2.4); the app may answer fewer. */
const PAGE_SIZE = 200;
/** External ids looked up in one filter: its URL stays a few kilobytes. */
const LOOKUP_BATCH = 50;

/** What listing reads of a resource: the app's id, the portal's id, whether it is active, a name to show. */
export interface ListedResource {
  id: string;
  externalId?: string;
  active?: boolean;
  userName?: string;
  displayName?: string;
}

export interface ScimConnection {
  /** Names the app's integration: what the app says of itself is kept under it (scim-bulk.ts). */
  appKey?: string;
  /** Base URL of the unit's tenant in the app (…/scim/v2/<tenant>). */
  baseUrl: string;
  token: string;
  /** The portal's outbound fetch (platform/outbound): never to an internal address. */
  fetch: Outbound['fetch'];
  /** Waits before asking a throttling app again (tests pass their own: no real sleeping). */
  wait?: (ms: number) => Promise<void>;
  /** The server's clock, for a Retry-After given as an HTTP date. */
  now?: () => Date;
}

/** How long, in all, one request waits on an app that answers 429 before it is left to the outbox's retry. */
export const THROTTLE_WAIT_MAX_MS = 30_000;
/** The wait when a 429 names none. */
const THROTTLE_WAIT_DEFAULT_MS = 1_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The wait a 429's Retry-After asks (RFC 9110 §10.2.3): delay-seconds or an HTTP date, read
 * against `now`; the default when absent or unreadable, never less than nothing.
 */
export function retryAfterMs(header: string | null, now: Date): number {
  const value = header?.trim();
  if (!value) return THROTTLE_WAIT_DEFAULT_MS;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? THROTTLE_WAIT_DEFAULT_MS : Math.max(0, at - now.getTime());
}

/** The answer as JSON, or undefined when it is empty or not JSON. */
function jsonOf(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** A SCIM error's detail (RFC 7644 §3.12), cut short; nothing of any other answer. */
export function scimDetail(answer: unknown): string | null {
  const error = answer as { schemas?: unknown; detail?: unknown } | undefined;
  if (!Array.isArray(error?.schemas) || !error.schemas.includes(SCIM_SCHEMAS.error) || typeof error.detail !== 'string') return null;
  return toStorableText(error.detail).slice(0, DELIVERY_DETAIL_MAX);
}

/** What deactivating a user sends (RFC 7644 PATCH): never a delete, their records in the app stay theirs. */
export const INACTIVE_PATCH = { schemas: [SCIM_SCHEMAS.patch], Operations: [{ op: 'replace', path: 'active', value: false }] };

export function scimClient(connection: ScimConnection) {
  const wait = connection.wait ?? sleep;
  const now = connection.now ?? (() => new Date());

  async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T | undefined }> {
    let response: Awaited<ReturnType<Outbound['fetch']>>;
    let text: string;
    for (let waited = 0; ; ) {
      try {
        response = await connection.fetch(`${connection.baseUrl.replace(/\/+$/, '')}${path}`, {
          method,
          headers: { authorization: `Bearer ${connection.token}`, accept: 'application/scim+json', ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        text = await response.text();
      } catch (error) {
        throw new ScimError(0, `${method} ${path}: no answer`, { cause: error });
      }
      if (response.status !== 429) break;
      // The app asks to slow down: wait as long as it says and ask again, the delivery not
      // failed. Past THROTTLE_WAIT_MAX_MS in all the 429 is an ordinary failure (retried
      // by the outbox later), so that a row never outlives its lease.
      const pause = retryAfterMs(response.headers.get('retry-after'), now());
      if (waited + pause > THROTTLE_WAIT_MAX_MS) break;
      waited += pause;
      await wait(pause);
    }
    const parsed = jsonOf(text) as T | undefined;
    if (!response.ok && response.status !== 404) {
      throw new ScimError(response.status, `${method} ${path}: ${response.status}`, { detail: scimDetail(parsed) });
    }
    return { status: response.status, body: parsed };
  }

  /** The app's id of the object whose externalId is `externalId`, if it has one. */
  async function findByExternalId(type: ScimResourceType, externalId: string): Promise<string | undefined> {
    const filter = stringify({ op: 'eq', attrPath: 'externalId', compValue: externalId });
    const { status, body } = await call<{ Resources?: { id: string }[] }>('GET', `/${type}?filter=${encodeURIComponent(filter)}`);
    if (status === 404) throw new ScimError(404, `GET /${type}: the app has no such tenant`);
    return body?.Resources?.[0]?.id;
  }

  /**
   * The app's ids of the objects whose externalId is one of `externalIds`, by externalId: one
   * query (`externalId eq … or …`) per LOOKUP_BATCH of them, read a page at a time.
   */
  async function idsByExternalId(type: ScimResourceType, externalIds: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (let at = 0; at < externalIds.length; at += LOOKUP_BATCH) {
      const batch = externalIds.slice(at, at + LOOKUP_BATCH);
      const filter = stringify({ op: 'or', filters: batch.map((externalId) => ({ op: 'eq' as const, attrPath: 'externalId', compValue: externalId })) });
      for (let startIndex = 1; ; ) {
        const query = new URLSearchParams({ filter, startIndex: String(startIndex), count: String(batch.length), attributes: 'externalId' });
        const { status, body } = await call<{ totalResults?: number; Resources?: ListedResource[] }>('GET', `/${type}?${query}`);
        if (status === 404) throw new ScimError(404, `GET /${type}: the app has no such tenant`);
        const page = body?.Resources ?? [];
        for (const resource of page) if (resource.externalId) found.set(resource.externalId, resource.id);
        startIndex += page.length;
        if (page.length === 0 || startIndex > (body?.totalResults ?? 0)) break;
      }
    }
    return found;
  }

  /**
   * Every resource of a type in the unit's tenant, a page at a time (RFC 7644 §3.4.2.4:
   * startIndex from 1, count, until totalResults), with only the attributes reconciling reads
   * (§3.4.2.5; an app that ignores `attributes` sends whole resources, which is fine). Yields
   * each page as it comes: the caller holds one page, however large the tenant.
   */
  async function* pages(type: ScimResourceType, attributes: readonly (keyof ListedResource)[]): AsyncGenerator<ListedResource[]> {
    for (let startIndex = 1; ; ) {
      const query = new URLSearchParams({ startIndex: String(startIndex), count: String(PAGE_SIZE), attributes: attributes.join(',') });
      const { status, body } = await call<{ totalResults?: number; Resources?: ListedResource[] }>('GET', `/${type}?${query}`);
      if (status === 404) throw new ScimError(404, `GET /${type}: the app has no such tenant`);
      const page = body?.Resources ?? [];
      if (page.length > 0) yield page;
      startIndex += page.length;
      // An empty page ends it too: an app whose total shrank while we read must not loop us.
      if (page.length === 0 || startIndex > (body?.totalResults ?? 0)) return;
    }
  }

  /** Marks the user with the app's id `id` inactive (RFC 7644 PATCH); false when the app has no such user. */
  async function patchInactive(id: string): Promise<boolean> {
    const { status } = await call('PATCH', `/Users/${encodeURIComponent(id)}`, INACTIVE_PATCH);
    return status !== 404;
  }

  /** Creates or replaces the object; answers the app's id of it. */
  async function put(type: ScimResourceType, resource: ScimUser | ScimGroup | ScimSubscription | ScimBusinessTemplate, knownId: string | null): Promise<string> {
    const id = knownId ?? (await findByExternalId(type, resource.externalId));
    if (id) {
      const replaced = await call<{ id: string }>('PUT', `/${type}/${encodeURIComponent(id)}`, resource);
      if (replaced.status !== 404) return replaced.body?.id ?? id;
      // The app lost it (or the id we kept is stale): look it up again, else create it.
      if (knownId) return put(type, resource, null);
    }
    return create(type, resource);
  }

  async function create(type: ScimResourceType, resource: ScimUser | ScimGroup | ScimSubscription | ScimBusinessTemplate): Promise<string> {
    const created = await call<{ id: string }>('POST', `/${type}`, resource);
    if (!created.body?.id) throw new ScimError(created.status, `POST /${type}: the app answered no id`, { unreadable: true });
    return created.body.id;
  }

  return {
    appKey: connection.appKey ?? connection.baseUrl,
    /** Creates or replaces the user; `knownId` 'absent' when a lookup just found the app without them (no second lookup). */
    putUser: (user: ScimUser, knownId: string | null | 'absent') => (knownId === 'absent' ? create('Users', user) : put('Users', user, knownId)),
    putGroup: (group: ScimGroup, knownId: string | null) => put('Groups', group, knownId),
    putSubscription: (subscription: ScimSubscription) => put('Subscriptions', subscription, null),
    putBusinessTemplate: (template: ScimBusinessTemplate) => put('BusinessTemplates', template, null),

    userPages: () => pages('Users', ['externalId', 'active', 'userName']),
    userIdsByExternalId: (externalIds: readonly string[]) => idsByExternalId('Users', externalIds),
    /** A request to the tenant's base (…/ServiceProviderConfig, …/Bulk): 429 waited on, any other error thrown but 404. */
    request: call,
    groupPages: () => pages('Groups', ['externalId', 'displayName']),

    /** Marks the user inactive (RFC 7644 PATCH); a user the app never had needs nothing. */
    async deactivateUser(externalId: string, knownId: string | null): Promise<void> {
      const id = knownId ?? (await findByExternalId('Users', externalId));
      if (!id) return;
      if (!(await patchInactive(id)) && knownId) await this.deactivateUser(externalId, null);
    },

    /** Marks inactive a user the app has under its id `id` (one the portal does not hold); one already gone needs nothing. */
    deactivateUserAt: async (id: string): Promise<void> => void (await patchInactive(id)),

    /** Removes the group; one the app does not have is already gone. */
    async deleteGroup(externalId: string, knownId: string | null): Promise<void> {
      const id = knownId ?? (await findByExternalId('Groups', externalId));
      if (id) await this.deleteGroupAt(id);
    },

    /** Removes the group the app has under its id `id`; 404 means it is gone already. */
    deleteGroupAt: async (id: string): Promise<void> => void (await call('DELETE', `/Groups/${encodeURIComponent(id)}`)),
  };
}
export type ScimClient = ReturnType<typeof scimClient>;
