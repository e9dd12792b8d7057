import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Realtime } from './modules/realtime/realtime.ts';
import type { Mailer } from './platform/mail/mailer.ts';

/** What route modules are given: configuration, the database and the app's services. */
export interface AppContext {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** The live connection: pushes sign-ins and ended sessions to the SPA. */
  realtime: Realtime;
}
