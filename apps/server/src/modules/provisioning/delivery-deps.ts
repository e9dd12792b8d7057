import type Provider from 'oidc-provider';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Outbound } from '../../platform/outbound/outbound.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import type { BulkSupport } from './scim-bulk.ts';
import type { ScimClient } from './scim-client.ts';

/** What delivering the provisioning queue needs (deliver.ts, user-batch.ts). */
export interface DeliveryDeps {
  db: Database;
  secrets: SecretBox;
  outbound: Outbound;
  provider: Provider;
  clock: Clock;
  /**
   * The apps' clients already opened, by unit × service: the worker keeps them for the rows of
   * one claimed batch (read once for them all, as if at the claim), two queries a row fewer.
   */
  connections?: Map<string, Promise<ScimClient>>;
  /** What each app said of SCIM Bulk, kept a while (scim-bulk.ts); without it the app is asked each time. */
  bulkSupport?: BulkSupport;
}

