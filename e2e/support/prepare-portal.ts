/**
 * Runs before the portal under test starts, on its fresh data directory: the first-start
 * preparation (schema, reference and demo data), then the sample app registered as the CRM
 * service's link and redirect link with its client secret, which makes it a confidential OIDC
 * client of the portal, and as the CRM integration (SCIM endpoint, credential, back-channel
 * logout URI).
 */
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { prepareDatabase } from '../../apps/server/src/bootstrap/index.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { integrations, services } from '../../apps/server/src/db/schema/index.ts';
import { createSecretBox } from '../../apps/server/src/platform/secrets.ts';
import { SAMPLE_APP_CLIENT_ID, SAMPLE_APP_CLIENT_SECRET, SAMPLE_APP_SCIM_TOKEN, sampleAppUrls } from './sample-app.ts';

const config = loadConfig();
const database = await openDatabase({ dataDir: resolve(config.dataDir) });
try {
  await prepareDatabase(database, config);
  const { link, callback, scim, backchannelLogout } = sampleAppUrls(Number(process.env.E2E_APP_PORT));
  const secrets = createSecretBox(config);
  const [crm] = await database.db
    .update(services)
    .set({ link, redirectLink: callback, clientSecretSealed: secrets.seal(SAMPLE_APP_CLIENT_SECRET), clientSecretRotatedAt: new Date() })
    .where(eq(services.code, SAMPLE_APP_CLIENT_ID))
    .returning({ id: services.id });
  // The CRM integration: the portal provisions the sample app by SCIM and tells it of ended sessions.
  await database.db.insert(integrations).values({
    serviceId: crm!.id,
    scimEndpoint: scim,
    credentialCipher: secrets.seal(SAMPLE_APP_SCIM_TOKEN),
    backchannelLogoutUri: backchannelLogout,
  });
} finally {
  await database.close();
}
