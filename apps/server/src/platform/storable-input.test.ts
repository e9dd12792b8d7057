import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActor, type TestActor } from '../../test/actors.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Text PostgreSQL refuses never reaches it: the calls the attack found answering 500 (a NUL in a
 * search keyword, in a name) are 400s naming the field, on both databases.
 */
describe.each(DATABASE_KINDS)('text the database cannot keep, on %s', (kind) => {
  let t: TestApp;
  let admin: TestActor;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInActor(t, 'platformAdmin');
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: admin.headers, payload: payload as object });

  it.each([
    ['/api/Unit/Search', { pageIndex: 1, pageSize: 10, keyword: 'a\u0000b' }, 'body.keyword'],
    ['/api/User/SearchUserAdminUnitPage', { pageIndex: 1, pageSize: 10, keyword: '\u0000' }, 'body.keyword'],
    ['/api/ActionLog/SearchActionLog', { pageIndex: 1, pageSize: 10, keyword: 'x\u0000' }, 'body.keyword'],
    ['/api/Category/Create', { name: 'a\u0000b', code: 'NUL_TEST', parentCode: null, order: 1 }, 'body.name'],
    ['/api/Category/Create', { name: 'lone \ud800 surrogate', code: 'SURROGATE', parentCode: null, order: 1 }, 'body.name'],
    ['/api/Unit/Search', { pageIndex: 1, pageSize: 10, keyword: 'ok', ['k\u0000']: 1 }, 'body.k\u0000'],
  ])('%s with %j → 400 naming %s', async (url, payload, field) => {
    const answer = await post(url, payload);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, errorCode: 9400, errors: [{ field, message: 'text_invalid' }] });
  });

  it('in a query string and a path too', async () => {
    const query = await t.app.inject({ url: '/api/Category/GetByParentCode/POSITION%00', headers: admin.headers });
    expect(query.statusCode, query.body).toBe(400);
    expect(query.json().errors[0]).toMatchObject({ field: 'params.code', message: 'text_invalid' });
  });

  it("the provider's endpoints answer such text as the client's mistake, never a server error", async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded', host: 'portal.test' };
    const answers = await Promise.all([
      t.app.inject({ url: '/oidc/auth?client_id=a%00b&response_type=code&scope=openid', headers: { host: 'portal.test' } }),
      t.app.inject({
        url: `/oidc/auth?${new URLSearchParams({ client_id: 'sso-fe', response_type: 'code', redirect_uri: 'http://portal.test/sso-fe/signin-callback', scope: 'openid', state: '\u0000', code_challenge: 'a'.repeat(43), code_challenge_method: 'S256' })}`,
        headers: { host: 'portal.test' },
      }),
      t.app.inject({ method: 'POST', url: '/oidc/token', headers: form, payload: 'grant_type=refresh_token&refresh_token=a%00b&client_id=sso-fe' }),
      t.app.inject({ method: 'POST', url: '/oidc/token', headers: form, payload: 'grant_type=authorization_code&code=a%00b&client_id=sso-fe&redirect_uri=x&code_verifier=' + 'a'.repeat(43) }),
      t.app.inject({ method: 'POST', url: '/oidc/token/revocation', headers: form, payload: 'token=a%00b&client_id=sso-fe' }),
      t.app.inject({ url: '/oidc/session/end?client_id=a%00b', headers: { host: 'portal.test' } }),
    ]);
    expect(answers.map((answer) => answer.statusCode < 500)).toEqual(answers.map(() => true));
    // The state goes back to the client as the error it is.
    expect(String(answers[1]!.headers.location)).toContain('error=invalid_request');
  });

  it('text that is only unusual is kept as written', async () => {
    const answer = await post('/api/Unit/Search', { pageIndex: 1, pageSize: 10, keyword: 'Minh Phát 🌟 \u200b' });
    expect(answer.statusCode, answer.body).toBe(200);
  });
});
