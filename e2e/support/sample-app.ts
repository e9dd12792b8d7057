import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';

/** The service code the sample app is registered under (the CRM service of the suite). */
export const SAMPLE_APP_CLIENT_ID = 'CRM';

export function sampleAppUrls(port: number) {
  const origin = `http://localhost:${port}`;
  return { link: `${origin}/`, callback: `${origin}/callback` };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A second app of the suite for the browser tests: a relying party of the portal doing the
 * authorization code flow with PKCE on its server side. It shows who signed in, so a test
 * can see that opening it from the portal needed no second password.
 */
export async function startSampleApp(port: number, portalUrl: string): Promise<Server> {
  const { link, callback } = sampleAppUrls(port);
  const pending = new Map<string, string>();
  const sessions = new Map<string, { name: string; username: string }>();

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', link);
      if (url.pathname === '/healthz') return response.end('ok');
      if (url.pathname === '/callback') {
        const verifier = pending.get(url.searchParams.get('state') ?? '');
        const code = url.searchParams.get('code');
        if (!verifier || !code) return response.writeHead(400).end('unknown state');
        const tokens = await fetch(`${portalUrl}/oidc/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: callback, client_id: SAMPLE_APP_CLIENT_ID }),
        }).then((r) => r.json() as Promise<{ id_token?: string }>);
        if (!tokens.id_token) return response.writeHead(502).end('no id token');
        const claims = JSON.parse(Buffer.from(tokens.id_token.split('.')[1]!, 'base64url').toString()) as { name: string; preferred_username: string };
        const session = randomBytes(16).toString('hex');
        sessions.set(session, { name: claims.name, username: claims.preferred_username });
        return response.writeHead(302, { location: '/', 'set-cookie': `sample_app=${session}; Path=/; HttpOnly` }).end();
      }
      const session = sessions.get(/sample_app=([a-f0-9]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '');
      if (session) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return response.end(`<!doctype html><title>CRM</title><h1>CRM</h1><p>Signed in as ${escapeHtml(session.name)} (${escapeHtml(session.username)})</p>`);
      }
      const state = randomBytes(8).toString('hex');
      const verifier = randomBytes(32).toString('base64url');
      pending.set(state, verifier);
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
