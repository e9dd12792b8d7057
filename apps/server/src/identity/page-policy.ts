import { createHash } from 'node:crypto';
import type Provider from 'oidc-provider';
import { extendPolicy } from '../platform/security-headers.ts';
import { LOGOUT_SUBMIT_SCRIPT } from './pages.ts';

const LOGOUT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(LOGOUT_SUBMIT_SCRIPT).digest('base64')}'`;

interface PageClient {
  redirectUris?: string[];
  postLogoutRedirectUris?: string[];
}

function originsOf(uris: readonly string[]): string[] {
  return [...new Set(uris.flatMap((uri) => URL.parse(uri)?.origin ?? []).filter((origin) => origin !== 'null'))];
}

/**
 * The provider's HTML pages under the portal's policy, with what each needs beyond it: the
 * end-session page runs its one inline script (allowed by hash, not 'unsafe-inline'), and a
 * page that posts a form to a client — the end-session form, whose answer redirects to the
 * client's post-logout URI, and a form_post response — may send it to that client's
 * registered redirect and post-logout URIs, and nowhere else. (form_post's own inline script
 * is added by the provider, which hashes it into script-src.)
 */
export function applyPagePolicy(provider: Provider): void {
  provider.use(async (ctx, next) => {
    await next();
    const policy = ctx.response.get('content-security-policy');
    if (!policy || !ctx.response.is('html')) return;
    const client = ctx.oidc?.client as PageClient | undefined;
    const additions: Record<string, string[]> = {};
    if (client) additions['form-action'] = originsOf([...(client.redirectUris ?? []), ...(client.postLogoutRedirectUris ?? [])]);
    if (ctx.oidc?.route === 'end_session') additions['script-src'] = [LOGOUT_SCRIPT_SOURCE];
    ctx.set('content-security-policy', extendPolicy(policy, additions));
  });
}
