import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The content security policy of every answer. Scripts come from the portal only (the
 * provider's pages add the hash of their one inline script, `identity/page-policy.ts`);
 * styles may be inline because antd writes its CSS-in-JS into <style> elements at run time;
 * images may come from any https origin because e-mail templates (previewed in the SPA) may
 * show images hosted elsewhere. The live connection is a WebSocket to the portal's own origin.
 */
export function contentSecurityDirectives(publicUrl: string): Record<string, string[]> {
  const origin = new URL(publicUrl);
  const https = origin.protocol === 'https:';
  const socketOrigin = `${https ? 'wss' : 'ws'}://${origin.host}`;
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", socketOrigin],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer, from helmet: the policy above, nosniff, no framing
 * (X-Frame-Options for browsers that predate frame-ancestors), no referrer sent from the
 * portal's pages (reset links carry their token in the address), and HSTS only when the
 * portal is reached over https (a plain-http PUBLIC_URL is a developer's machine or a test).
 * Set on the raw response at onRequest, so the provider's own answers (which bypass Fastify's
 * reply) carry them too. The middleware is made once: @fastify/helmet makes it anew for every
 * request, which measured ~37 µs of CPU per answer against ~6 µs (docs/decisions.md).
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const https = publicUrl.startsWith('https://');
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(publicUrl) },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // A year, for the portal's own host only: its parent domain's other hosts are not ours to pin.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
}

/**
 * The policy `header` with more sources allowed for some directives, for a page that needs
 * them (an inline script's hash, a form's target); directives it lacks are left out.
 */
export function extendPolicy(header: string, additions: Record<string, readonly string[]>): string {
  return header
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const [name = '', ...sources] = directive.split(/\s+/);
      const more = (additions[name] ?? []).filter((source) => !sources.includes(source));
      return [name, ...sources, ...more].join(' ');
    })
    .join(';');
}
