import { SCIM_SCHEMAS, ScimError, scimDetail, type ScimClient } from './scim-client.ts';

/**
 * SCIM Bulk (RFC 7644 §3.7): many operations in one request, for the apps whose
 * ServiceProviderConfig (§5) offers it. A Sync sends its users a few hundred a request instead
 * of one request each. Each operation answers on its own: one the app refuses fails only its
 * own change.
 */

export interface BulkLimits {
  maxOperations: number;
  /** Bytes a Bulk request may carry. */
  maxPayloadSize: number;
}

/** What each app said of Bulk, by its integration (ScimClient.appKey), and until when that holds. */
export type BulkSupport = Map<string, { limits: BulkLimits | null; until: number }>;

/** How long what an app says of itself holds: a change of its offer applies within it. */
export const SERVICE_CONFIG_TTL_MS = 10 * 60 * 1000;

/** What the request around the operations adds to their bytes (its schemas, failOnErrors, brackets), with room to spare. */
const ENVELOPE_BYTES = 200;

/** The app's Bulk limits from its ServiceProviderConfig; null when it offers none or does not say (404, 501, not SCIM). */
async function readLimits(scim: ScimClient): Promise<BulkLimits | null> {
  let answer;
  try {
    answer = await scim.request<{ bulk?: { supported?: unknown; maxOperations?: unknown; maxPayloadSize?: unknown } }>('GET', '/ServiceProviderConfig');
  } catch (error) {
    // An app that does not answer cannot be sent anything: that failure is the deliveries'.
    if (error instanceof ScimError && error.status === 0) throw error;
    return null;
  }
  const bulk = answer.status === 200 ? answer.body?.bulk : undefined;
  const maxOperations = Number(bulk?.maxOperations);
  if (bulk?.supported !== true || !(maxOperations >= 1)) return null;
  const maxPayloadSize = Number(bulk.maxPayloadSize);
  return { maxOperations: Math.floor(maxOperations), maxPayloadSize: maxPayloadSize > 0 ? maxPayloadSize : Number.POSITIVE_INFINITY };
}

/** The app's Bulk limits, read at most once per SERVICE_CONFIG_TTL_MS per integration when `support` keeps them. */
export async function bulkLimitsOf(scim: ScimClient, support: BulkSupport | undefined, now: Date): Promise<BulkLimits | null> {
  const kept = support?.get(scim.appKey);
  if (kept && kept.until > now.getTime()) return kept.limits;
  const limits = await readLimits(scim);
  support?.set(scim.appKey, { limits, until: now.getTime() + SERVICE_CONFIG_TTL_MS });
  return limits;
}

export interface BulkOperation {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the tenant: /Users, /Users/<id>. */
  path: string;
  data?: unknown;
}

/** One operation's outcome: the app's id of the object, or why it failed; `alone` when it is too large for any Bulk request and must go on its own. */
export type BulkOutcome = { ok: true; id: string | undefined } | { ok: false; error: unknown } | { ok: 'alone' };

interface AnsweredOperation {
  bulkId?: string;
  location?: string;
  status?: string | number;
  response?: unknown;
}

/** The operations in requests of at most maxOperations and maxPayloadSize bytes, in order; an operation larger than a request alone in none. */
function split(operations: readonly BulkOperation[], limits: BulkLimits): { requests: number[][]; alone: Set<number> } {
  const requests: number[][] = [];
  const alone = new Set<number>();
  let current: number[] = [];
  let bytes = ENVELOPE_BYTES;
  operations.forEach((operation, index) => {
    const size = Buffer.byteLength(JSON.stringify({ ...operation, bulkId: `b${index}` })) + 1;
    if (ENVELOPE_BYTES + size > limits.maxPayloadSize) {
      alone.add(index);
      return;
    }
    if (current.length >= limits.maxOperations || bytes + size > limits.maxPayloadSize) {
      requests.push(current);
      current = [];
      bytes = ENVELOPE_BYTES;
    }
    current.push(index);
    bytes += size;
  });
  if (current.length > 0) requests.push(current);
  return { requests, alone };
}

const idOf = (answered: AnsweredOperation) => {
  const fromLocation = answered.location?.split('/').filter(Boolean).pop();
  return fromLocation ? decodeURIComponent(fromLocation) : (answered.response as { id?: string } | undefined)?.id;
};

/** One Bulk request's operations' outcomes, by the bulkId each was sent with. */
async function sendOne(scim: ScimClient, operations: readonly BulkOperation[], indexes: readonly number[], outcomes: BulkOutcome[]): Promise<void> {
  const body = {
    schemas: [SCIM_SCHEMAS.bulkRequest],
    // Every operation is tried whatever the others' outcome: each is a change of its own.
    failOnErrors: indexes.length,
    Operations: indexes.map((index) => ({ ...operations[index], bulkId: `b${index}` })),
  };
  let answer;
  try {
    answer = await scim.request<{ Operations?: AnsweredOperation[] }>('POST', '/Bulk', body);
    if (answer.status === 404) throw new ScimError(404, 'POST /Bulk: the app has no such tenant');
  } catch (error) {
    for (const index of indexes) outcomes[index] = { ok: false, error };
    return;
  }
  const byBulkId = new Map((answer.body?.Operations ?? []).map((answered) => [answered.bulkId, answered]));
  for (const index of indexes) {
    const { method, path } = operations[index]!;
    const answered = byBulkId.get(`b${index}`);
    const status = Number(answered?.status);
    if (!answered || !Number.isInteger(status)) {
      outcomes[index] = { ok: false, error: new ScimError(0, `Bulk ${method} ${path}: no answer for it`, { unreadable: true }) };
    } else if (status >= 200 && status < 300) {
      const id = idOf(answered);
      outcomes[index] = method === 'POST' && !id ? { ok: false, error: new ScimError(status, `Bulk POST ${path}: the app answered no id`, { unreadable: true }) } : { ok: true, id };
    } else {
      outcomes[index] = { ok: false, error: new ScimError(status, `Bulk ${method} ${path}: ${status}`, { detail: scimDetail(answered.response) }) };
    }
  }
}

/**
 * Sends `operations` in Bulk requests within the app's limits, one request after another (a
 * throttled one waited on as any request is), and answers each operation's outcome in order.
 * A request that fails as a whole fails each of its operations with that error.
 */
export async function sendBulk(scim: ScimClient, limits: BulkLimits, operations: readonly BulkOperation[]): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = Array.from({ length: operations.length });
  const { requests, alone } = split(operations, limits);
  for (const index of alone) outcomes[index] = { ok: 'alone' };
  for (const indexes of requests) await sendOne(scim, operations, indexes, outcomes);
  return outcomes;
}
