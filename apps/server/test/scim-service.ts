import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { integrations, services } from '../src/db/schema/index.ts';
import { createSecretBox } from '../src/platform/secrets.ts';
import { createScimApp, type ScimApp } from './scim-app.ts';
import type { TestApp } from './test-app.ts';

export interface ListeningScimApp {
  scim: ScimApp;
  /** The integration's SCIM endpoint: `{tenant}` stands for the unit's tenant. */
  endpoint: string;
  close: () => void;
}

/** The sample SCIM app on a port of its own, for portals in this process or in others. */
export async function listenScimApp(token: string): Promise<ListeningScimApp> {
  const scim = createScimApp(token);
  const server = createServer((request, response) => {
    void scim.handle(request, response).then((handled) => handled || response.writeHead(404).end());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  // Requests in flight are cut too: a fault test ends while the app still has callers.
  return { scim, endpoint: `http://127.0.0.1:${port}/scim/v2/{tenant}`, close: () => server.close() && server.closeAllConnections() };
}

/** Points the CRM service's default integration at a SCIM endpoint (`{tenant}` for the unit's tenant); answers the service's id. */
export async function integrateCrm(t: TestApp, endpoint: string, token: string): Promise<string> {
  const { db } = t.database;
  const [service] = await db.select({ id: services.id }).from(services).where(eq(services.code, 'CRM'));
  await db.insert(integrations).values({
    serviceId: service!.id,
    scimEndpoint: endpoint,
    credentialCipher: createSecretBox(t.config).seal(token),
  });
  return service!.id;
}

/** The sample SCIM app on a port of its own, and the CRM service's default integration pointing at it. */
export async function serveScimApp(t: TestApp, token: string): Promise<ListeningScimApp & { crm: string }> {
  const app = await listenScimApp(token);
  return { ...app, crm: await integrateCrm(t, app.endpoint, token) };
}
