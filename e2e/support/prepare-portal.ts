/**
 * Runs before the portal under test starts, on its fresh data directory: the first-start
 * preparation (schema, reference and demo data), then the sample app registered as the CRM
 * service's link and redirect link, which makes it an OIDC client of the portal.
 */
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { prepareDatabase } from '../../apps/server/src/bootstrap/index.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { services } from '../../apps/server/src/db/schema/index.ts';
import { SAMPLE_APP_CLIENT_ID, sampleAppUrls } from './sample-app.ts';

const config = loadConfig();
const database = await openDatabase({ dataDir: resolve(config.dataDir) });
try {
  await prepareDatabase(database, config);
  const { link, callback } = sampleAppUrls(Number(process.env.E2E_APP_PORT));
  await database.db.update(services).set({ link, redirectLink: callback }).where(eq(services.code, SAMPLE_APP_CLIENT_ID));
} finally {
  await database.close();
}
