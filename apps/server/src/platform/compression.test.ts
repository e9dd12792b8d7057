import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../../test/oidc-client.ts';
import { startTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.ts';

/** A built web app as apps/web/precompress.ts leaves it: each asset with its .br and .gz beside it. */
function builtWebApp(): { root: string; script: string } {
  const root = mkdtempSync(join(tmpdir(), 'portal-web-'));
  mkdirSync(join(root, 'assets'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>SSO</title>');
  writeFileSync(join(root, 'assets/app-1234.js'), script);
  writeFileSync(join(root, 'assets/app-1234.js.br'), brotliCompressSync(script));
  writeFileSync(join(root, 'assets/app-1234.js.gz'), gzipSync(script));
  return { root, script };
}

describe('compression', () => {
  let t: TestApp;
  let web: ReturnType<typeof builtWebApp>;
  beforeAll(async () => {
    web = builtWebApp();
    t = await startTestApp('pglite', {}, { webRoot: web.root });
  });
  afterAll(() => t?.close());

  it('sends the precompressed copy of a built asset to a browser that accepts it', async () => {
    const br = await t.app.inject({ url: '/sso-fe/assets/app-1234.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(web.script);
    const gzip = await t.app.inject({ url: '/sso-fe/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(web.script);
    const plain = await t.app.inject({ url: '/sso-fe/assets/app-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(web.script);
  });

  it('compresses API answers large enough to gain, and leaves small ones alone', async () => {
    const headers = { ...bearer((await signIn(t.app, TEST_ADMIN)).access_token), 'accept-encoding': 'br, gzip' };
    const menus = await t.app.inject({ url: '/api/User/GetListMenus', headers });
    expect(menus.headers['content-encoding']).toBe('br');
    const answer = JSON.parse(brotliDecompressSync(menus.rawPayload).toString());
    expect(answer.success).toBe(true);
    expect(menus.rawPayload.length).toBeLessThan(JSON.stringify(answer).length / 3);
    expect(menus.headers.vary).toMatch(/accept-encoding/i);
    // The menu is kept serialised with its compressed forms: each encoding answers the same JSON.
    const gzip = await t.app.inject({ url: '/api/User/GetListMenus', headers: { ...headers, 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(answer);
    const plain = await t.app.inject({ url: '/api/User/GetListMenus', headers: { ...headers, 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.json()).toEqual(answer);
    // An answer made afresh for each request is compressed on the way out.
    const roles = await t.app.inject({ method: 'POST', url: '/api/Role/SearchRolePage', headers: { ...headers, 'accept-encoding': 'identity' }, payload: {} });
    const roleId = roles.json().data.records[0].id;
    const matrix = await t.app.inject({ url: `/api/Role/GetAssignPermissions?roleId=${roleId}`, headers });
    expect(matrix.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(matrix.rawPayload).toString()).success).toBe(true);
    const small = await t.app.inject({ url: '/healthz', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
