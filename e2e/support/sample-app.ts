import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { once } from 'node:events';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { PUSHED_NOTIFICATIONS } from '@portal/contracts';
import { createScimApp } from '../../apps/server/test/scim-app.ts';

/** The service code the sample app is registered under (the CRM service of the suite). */
export const SAMPLE_APP_CLIENT_ID = 'CRM';

/**
 * The CRM client secret, as if rotated on the service screen and configured in the app: CRM is
 * a confidential client (client_secret_basic at the token endpoint) and pushes notifications
 * with it (/api/Notification/Push). The other clients a spec registers stay public (PKCE alone)
 * until their secret is rotated.
 */
export const SAMPLE_APP_CLIENT_SECRET = 'sample-app-client-secret';

/** HTTP Basic client credentials of the sample app (the token endpoint, the notification push). */
export const SAMPLE_APP_BASIC = `Basic ${Buffer.from(`${SAMPLE_APP_CLIENT_ID}:${SAMPLE_APP_CLIENT_SECRET}`).toString('base64')}`;

/** The bearer token the sample app's SCIM endpoint expects (the CRM integration holds it). */
export const SAMPLE_APP_SCIM_TOKEN = 'sample-app-scim-token';

export function sampleAppUrls(port: number) {
  const origin = `http://localhost:${port}`;
  return {
    ...sampleClientUrls(port, SAMPLE_APP_CLIENT_ID),
    scim: `http://127.0.0.1:${port}/scim/v2/{tenant}`,
    backchannelLogout: `${origin}/backchannel-logout`,
    /** For the specs: POST down?tenant= / up?tenant=, GET scim?tenant= (what the app received and holds). */
    control: `${origin}/_test`,
  };
}

/**
 * Where the sample app serves one client: CRM at its root, any other client id under
 * /apps/<client id>/, so a spec can register a service of its own with these links.
 */
export function sampleClientUrls(port: number, clientId: string) {
  const link = `http://localhost:${port}${basePathOf(clientId)}`;
  return { link, callback: `${link}callback` };
}

const basePathOf = (clientId: string) => (clientId === SAMPLE_APP_CLIENT_ID ? '/' : `/apps/${clientId}/`);

/** The client a request is for, from its path (see sampleClientUrls). */
function clientOf(pathname: string): { clientId: string; base: string } {
  const clientId = /^\/apps\/([A-Za-z0-9_.-]+)\//.exec(pathname)?.[1] ?? SAMPLE_APP_CLIENT_ID;
  return { clientId, base: basePathOf(clientId) };
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
 * A second app of the suite for the browser tests: a relying party of the portal written with
 * openid-client (discovery, authorization code with PKCE, userinfo, refresh) on its server side,
 * as an app of the suite would be. It shows who signed in, so a test can see that opening it
 * from the portal needed no second password; `<base>userinfo` and `<base>refresh` answer what
 * the portal says to its access and refresh tokens now (JSON), so a test sees them die. It also implements what
 * docs/service-app-contract.md asks of a service app: a SCIM 2.0 endpoint (which a spec can
 * take down to test retries) and an OpenID Connect back-channel logout endpoint that ends the
 * sessions the portal's logout token names. Opened with ?interaction_id= (the portal's work
 * screen does so), it keeps the id through the sign-in round trip and shows that interaction.
 */
export async function startSampleApp(port: number, portalUrl: string): Promise<Server> {
  const origin = `http://localhost:${port}`;
  // A sign-in under way, by state: its client, PKCE verifier and the interaction asked for.
  const pending = new Map<string, { clientId: string; verifier: string; interaction: string | null }>();
  // A session the portal ended (back-channel logout) is signed out, but keeps the tokens it held:
  // `<base>userinfo` and `<base>refresh` still try them, as an app that missed the logout would.
  const sessions = new Map<
    string,
    { clientId: string; name: string; username: string; sub: string; sid: string | undefined; accessToken: string; refreshToken: string | undefined; ended: boolean }
  >();
  // Discovered on first use (the portal may start after this app), once per client.
  const configurations = new Map<string, Promise<oidc.Configuration>>();
  const configurationOf = (clientId: string) => {
    let found = configurations.get(clientId);
    if (!found) {
      const auth = clientId === SAMPLE_APP_CLIENT_ID ? oidc.ClientSecretBasic(SAMPLE_APP_CLIENT_SECRET) : oidc.None();
      found = oidc.discovery(new URL(`${portalUrl}/oidc`), clientId, clientId === SAMPLE_APP_CLIENT_ID ? SAMPLE_APP_CLIENT_SECRET : undefined, auth, { execute: [oidc.allowInsecureRequests] });
      found.catch(() => configurations.delete(clientId));
      configurations.set(clientId, found);
    }
    return found;
  };
  const scim = createScimApp(SAMPLE_APP_SCIM_TOKEN);
  const issuer = `${portalUrl}/oidc`;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', origin);
      if (url.pathname === '/healthz') return response.end('ok');
      if (await scim.handle(request, response)) return;
      if (url.pathname === '/backchannel-logout' && request.method === 'POST') {
        const token = (await formOf(request)).get('logout_token') ?? '';
        try {
          const { payload } = await jwtVerify(token, jwks, { issuer });
          if (!(payload.events as Record<string, unknown> | undefined)?.[BACKCHANNEL_EVENT] || 'nonce' in payload) throw new Error('not a logout token');
          const audience = [payload.aud ?? []].flat();
          for (const session of sessions.values()) {
            if (audience.includes(session.clientId) && session.sub === payload.sub && (!payload.sid || session.sid === payload.sid)) session.ended = true;
          }
          return response.writeHead(200, { 'cache-control': 'no-store' }).end();
        } catch (error) {
          return response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_request', error_description: String(error) }));
        }
      }
      if (url.pathname.startsWith('/_test/')) {
        const tenant = url.searchParams.get('tenant') ?? '';
        // Down one tenant at a time: the specs running beside the one testing an outage provision
        // their own tenants meanwhile (a sync, a business template), and must not meet it.
        if (url.pathname === '/_test/down' && tenant) scim.setDown(true, tenant);
        else if (url.pathname === '/_test/up' && tenant) scim.setDown(false, tenant);
        else if (url.pathname === '/_test/scim') {
          const state = { received: scim.received.filter((r) => r.tenant === tenant), users: scim.resources(tenant, 'Users'), groups: scim.resources(tenant, 'Groups') };
          return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(state));
        } else return response.writeHead(404).end();
        return response.writeHead(204).end();
      }
      const { clientId, base } = clientOf(url.pathname);
      const { link, callback } = sampleClientUrls(port, clientId);
      const cookie = `sample_app_${clientId}`;
      if (url.pathname === `${base}callback`) {
        const state = url.searchParams.get('state') ?? '';
        const started = pending.get(state);
        if (started?.clientId !== clientId) return response.writeHead(400).end('unknown state');
        pending.delete(state);
        const config = await configurationOf(clientId);
        const tokens = await oidc.authorizationCodeGrant(config, url, { pkceCodeVerifier: started.verifier, expectedState: state });
        const claims = tokens.claims();
        if (!claims) return response.writeHead(502).end('no id token');
        const session = randomBytes(16).toString('hex');
        sessions.set(session, {
          clientId,
          name: String(claims.name),
          username: String(claims.preferred_username),
          sub: claims.sub,
          sid: typeof claims.sid === 'string' ? claims.sid : undefined,
          accessToken: tokens.access_token,
          refreshToken: tokens.refresh_token,
          ended: false,
        });
        const back = started.interaction ? `${base}?${new URLSearchParams({ [PUSHED_NOTIFICATIONS.interactionParam]: started.interaction })}` : base;
        return response.writeHead(302, { location: back, 'set-cookie': `${cookie}=${session}; Path=${base}; HttpOnly` }).end();
      }
      const sessionKey = new RegExp(`(?:^|; )${cookie}=([a-f0-9]+)`).exec(request.headers.cookie ?? '')?.[1] ?? '';
      // The app's own sign-out: it forgets its session, the portal's stays (the next visit signs in through it).
      if (url.pathname === `${base}signout`) {
        sessions.delete(sessionKey);
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': `${cookie}=; Path=${base}; Max-Age=0` });
        return response.end(`<!doctype html><title>${clientId}</title><h1>${clientId}</h1><p>Signed out</p><a href="${link}">Sign in</a>`);
      }
      const session = sessions.get(sessionKey);
      // What the portal says of this app's tokens now: userinfo with the access token, a refresh with the refresh token.
      if (session?.clientId === clientId && (url.pathname === `${base}userinfo` || url.pathname === `${base}refresh`)) {
        const config = await configurationOf(clientId);
        const asked = url.pathname.endsWith('userinfo')
          ? oidc.fetchUserInfo(config, session.accessToken, session.sub)
          : oidc.refreshTokenGrant(config, session.refreshToken ?? '').then((tokens) => {
              session.accessToken = tokens.access_token;
              session.refreshToken = tokens.refresh_token ?? session.refreshToken;
              return { refreshed: true, scope: tokens.scope ?? null };
            });
        const answer = await asked.then(
          (value) => ({ ok: true, sessionEnded: session.ended, ...value }),
          (error: { status?: number; error?: string; code?: string }) => ({ ok: false, sessionEnded: session.ended, status: error.status ?? null, error: error.error ?? error.code ?? 'failed' }),
        );
        return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      }
      const interaction = url.searchParams.get(PUSHED_NOTIFICATIONS.interactionParam);
      if (session?.clientId === clientId && !session.ended) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        const shown = interaction ? `<p>Interaction ${escapeHtml(interaction)}</p>` : '';
        return response.end(
          `<!doctype html><title>${clientId}</title><h1>${clientId}</h1><p>Signed in as ${escapeHtml(session.name)} (${escapeHtml(session.username)})</p>${shown}<a href="${base}signout">Sign out</a>`,
        );
      }
      const state = oidc.randomState();
      const verifier = oidc.randomPKCECodeVerifier();
      pending.set(state, { clientId, verifier, interaction });
      const location = oidc.buildAuthorizationUrl(await configurationOf(clientId), {
        redirect_uri: callback,
        scope: 'openid profile email unit roles',
        state,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      response.writeHead(302, { location: location.href }).end();
    })().catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  return server;
}
