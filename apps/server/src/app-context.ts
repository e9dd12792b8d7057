import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Realtime } from './platform/realtime/realtime.ts';
import type { ActorLoader } from './platform/actor.ts';
import type { Metrics } from './platform/metrics/metrics.ts';
import type { Invalidation } from './platform/cache/invalidation.ts';
import type { Clock } from './platform/clock.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import type { Outbound } from './platform/outbound/outbound.ts';
import type { SecretBox } from './platform/secrets.ts';
import type { SmsSender } from './platform/sms/sms-sender.ts';

/** What route modules are given: configuration, the database and the app's services. */
export interface AppContext {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** SMS through the gateway (SMS_GATEWAY_URL), or into the development outbox. */
  sms: SmsSender;
  /** The live connection: pushes sign-ins and ended sessions to the SPA. */
  realtime: Realtime;
  /** The server's clock (platform/clock.ts): business rules ask it for now. */
  clock: Clock;
  /** Seals the secrets the portal keeps but never shows (service credentials). */
  secrets: SecretBox;
  /** Tells every instance's caches of each committed change (platform/cache). */
  invalidation: Invalidation;
  /** Who an account is (user, unit, agency, permissions), from memory between changes. */
  actors: ActorLoader;
  /** fetch for the URLs administrators configure: never to internal addresses (OUTBOUND_ALLOWED_HOSTS aside). */
  outbound: Outbound;
  /** This instance's Prometheus metrics (platform/metrics): the routes count sign-ins there. */
  metrics: Metrics;
  /** Asks this instance's provisioning worker to deliver now rather than at its next poll. */
  kickProvisioning(): void;
}
