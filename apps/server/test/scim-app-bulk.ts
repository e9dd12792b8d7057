import { errorAnswer, type Answer, type ScimType } from './scim-store.ts';

/**
 * SCIM Bulk (RFC 7644 §3.7) for the sample app: the limits it advertises in its
 * ServiceProviderConfig (§5) and how it answers a BulkRequest, each operation done as the same
 * request on its own would be, in order, until failOnErrors errors.
 */

export interface BulkLimits {
  maxOperations: number;
  maxPayloadSize: number;
}

const BULK_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:BulkResponse';
const TYPES = new Set<string>(['Users', 'Groups', 'Subscriptions', 'BusinessTemplates']);

export const serviceProviderConfig = (bulk: BulkLimits | null) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
  patch: { supported: true },
  bulk: bulk ? { supported: true, ...bulk } : { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: 50 },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [{ type: 'oauthbearertoken', name: 'OAuth Bearer Token', description: 'A bearer token' }],
});

interface BulkOperation {
  method: string;
  path: string;
  bulkId?: string;
  data?: Record<string, unknown>;
}

type Act = (type: ScimType, method: string, id: string | undefined, body: Record<string, unknown> | undefined) => Answer;

export function bulkAnswer(limits: BulkLimits, body: Record<string, unknown> | undefined, bytes: number, act: Act): Answer {
  const operations = body?.Operations as BulkOperation[] | undefined;
  if (!Array.isArray(operations)) return errorAnswer(400, 'Operations missing', 'invalidSyntax');
  // §3.7.4: past either limit the whole request is refused with 413.
  if (operations.length > limits.maxOperations) return errorAnswer(413, `more than ${limits.maxOperations} operations`);
  if (bytes > limits.maxPayloadSize) return errorAnswer(413, `more than ${limits.maxPayloadSize} bytes`);
  const failOnErrors = typeof body?.failOnErrors === 'number' ? body.failOnErrors : Infinity;
  const answers = [];
  let errors = 0;
  for (const operation of operations) {
    if (errors >= failOnErrors) break;
    const match = /^\/([^/]+)(?:\/([^/]+))?$/.exec(operation.path ?? '');
    const answer =
      match && TYPES.has(match[1]!) ? act(match[1] as ScimType, operation.method, match[2] && decodeURIComponent(match[2]), operation.data) : errorAnswer(400, 'bad path', 'invalidPath');
    const id = answer.status < 300 ? ((answer.body as { id?: string } | undefined)?.id ?? match?.[2]) : undefined;
    if (answer.status >= 400) errors += 1;
    answers.push({
      method: operation.method,
      ...(operation.bulkId ? { bulkId: operation.bulkId } : {}),
      ...(id ? { location: `/${match![1]}/${id}` } : {}),
      status: String(answer.status),
      ...(answer.status >= 400 ? { response: answer.body } : {}),
    });
  }
  return { status: 200, body: { schemas: [BULK_RESPONSE], Operations: answers } };
}
