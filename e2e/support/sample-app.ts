import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { once } from 'node:events';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { PUSHED_NOTIFICATIONS } from '@portal/contracts';
import { createScimApp } from '../../apps/server/test/scim-app.ts';

/** The service code the sample app is registered under (the CRM service of the suite). */
export const SAMPLE_APP_CLIENT_ID = 'CRM';

/**
 * The CRM client secret, as if rotated on the service screen and configured in the app: the app
 * is a confidential client (client_secret_basic at the token endpoint) and pushes notifications
 * with it (/api/Notification/Push).
 */
export const SAMPLE_APP_CLIENT_SECRET = 'sample-app-client-secret';

/** HTTP Basic client credentials of the sample app (the token endpoint, the notification push). */
export const SAMPLE_APP_BASIC = `Basic ${Buffer.from(`${SAMPLE_APP_CLIENT_ID}:${SAMPLE_APP_CLIENT_SECRET}`).toString('base64')}`;

/** The bearer token the sample app's SCIM endpoint expects (the CRM integration holds it). */
export const SAMPLE_APP_SCIM_TOKEN = 'sample-app-scim-token';

export function sampleAppUrls(port: number) {
  const origin = `http://localhost:${port}`;
  return {
    link: `${origin}/`,
    callback: `${origin}/callback`,
    scim: `http://127.0.0.1:${port}/scim/v2/{tenant}`,
    backchannelLogout: `${origin}/backchannel-logout`,
    /** For the specs: POST down / up, GET scim?tenant= (what the app received and holds). */
    control: `${origin}/_test`,
  };
}

const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A second app of the suite for the browser tests: a relying party of the portal doing the
 * authorization code flow with PKCE on its server side. It shows who signed in, so a test
 * can see that opening it from the portal needed no second password. It also implements what
 * docs/service-app-contract.md asks of a service app: a SCIM 2.0 endpoint (which a spec can
 * take down to test retries) and an OpenID Connect back-channel logout endpoint that ends the
 * sessions the portal's logout token names. Opened with ?interaction_id= (the portal's work
 * screen does so), it keeps the id through the sign-in round trip and shows that interaction.
 */
export async function startSampleApp(port: number, portalUrl: string): Promise<Server> {
  const { link, callback } = sampleAppUrls(port);
  /** Sign-ins under way, by OIDC state: the PKCE verifier and the interaction asked for. */
  const pending = new Map<string, { verifier: string; interaction: string | null }>();
  const sessions = new Map<string, { name: string; username: string; sub: string; sid: string | undefined }>();
  const scim = createScimApp(SAMPLE_APP_SCIM_TOKEN);
  const issuer = `${portalUrl}/oidc`;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', link);
      if (url.pathname === '/healthz') return response.end('ok');
      if (await scim.handle(request, response)) return;
      if (url.pathname === '/backchannel-logout' && request.method === 'POST') {
        const token = (await formOf(request)).get('logout_token') ?? '';
        try {
          const { payload } = await jwtVerify(token, jwks, { issuer, audience: SAMPLE_APP_CLIENT_ID });
          if (!(payload.events as Record<string, unknown> | undefined)?.[BACKCHANNEL_EVENT] || 'nonce' in payload) throw new Error('not a logout token');
          for (const [key, session] of sessions) if (session.sub === payload.sub && (!payload.sid || session.sid === payload.sid)) sessions.delete(key);
          return response.writeHead(200, { 'cache-control': 'no-store' }).end();
        } catch (error) {
          return response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_request', error_description: String(error) }));
        }
      }
      if (url.pathname.startsWith('/_test/')) {
        if (url.pathname === '/_test/down') scim.setDown(true);
        else if (url.pathname === '/_test/up') scim.setDown(false);
        else if (url.pathname === '/_test/scim') {
          const tenant = url.searchParams.get('tenant') ?? '';
          const state = { received: scim.received.filter((r) => r.tenant === tenant), users: scim.resources(tenant, 'Users'), groups: scim.resources(tenant, 'Groups') };
          return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(state));
        } else return response.writeHead(404).end();
        return response.writeHead(204).end();
      }
      if (url.pathname === '/callback') {
        const started = pending.get(url.searchParams.get('state') ?? '');
        const code = url.searchParams.get('code');
        if (!started || !code) return response.writeHead(400).end('unknown state');
        const tokens = await fetch(`${portalUrl}/oidc/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: SAMPLE_APP_BASIC },
          body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: started.verifier, redirect_uri: callback }),
        }).then((r) => r.json() as Promise<{ id_token?: string }>);
        if (!tokens.id_token) return response.writeHead(502).end('no id token');
        const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString()) as { name: string; preferred_username: string; sub: string; sid?: string };
        const session = randomBytes(16).toString('hex');
        sessions.set(session, { name: claims.name, username: claims.preferred_username, sub: claims.sub, sid: claims.sid });
        const back = started.interaction ? `/?${new URLSearchParams({ [PUSHED_NOTIFICATIONS.interactionParam]: started.interaction })}` : '/';
        return response.writeHead(302, { location: back, 'set-cookie': `sample_app=${session}; Path=/; HttpOnly` }).end();
      }
      const session = sessions.get(/sample_app=([a-f0-9]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '');
      const interaction = url.searchParams.get(PUSHED_NOTIFICATIONS.interactionParam);
      if (session) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        const shown = interaction ? `<p>Interaction ${escapeHtml(interaction)}</p>` : '';
        return response.end(`<!doctype html><title>CRM</title><h1>CRM</h1><p>Signed in as ${escapeHtml(session.name)} (${escapeHtml(session.username)})</p>${shown}`);
      }
      const state = randomBytes(8).toString('hex');
      const verifier = randomBytes(32).toString('base64url');
      pending.set(state, { verifier, interaction });
      const params = new URLSearchParams({
        client_id: SAMPLE_APP_CLIENT_ID,
        response_type: 'code',
        redirect_uri: callback,
        scope: 'openid profile email',
        state,
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      });
      response.writeHead(302, { location: `${portalUrl}/oidc/auth?${params}` }).end();
    })().catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return server;
}
