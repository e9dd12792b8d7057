import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { signIn } from '../../../test/oidc-client.ts';
import { DEMO_UNIT_ADMIN, startTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.ts';

describe.each(DATABASE_KINDS)('development outbox on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('lets the platform administrator read mail held without an SMTP server', async () => {
    await t.app.inject({ method: 'POST', url: '/api/Account/ForgotPassword', payload: { email: 'chi@minhphat.example.com' }, headers: { 'accept-language': 'en' } });
    const { access_token } = await signIn(t.app, TEST_ADMIN);
    const list = (await callApi(t.app, access_token, '/api/MailOutbox/Search', { keyword: 'chi@minhphat' })).json().data;
    expect(list.totalRecord).toBe(1);
    expect(list.records[0]).toMatchObject({ recipient: 'chi@minhphat.example.com', subject: 'Reset your password', status: 3, language: 'en' });
    expect(list.records[0].textBody).toBeUndefined();
    const message = (await callApi(t.app, access_token, `/api/MailOutbox/GetById/${list.records[0].id}`)).json().data;
    expect(message.textBody).toContain('/sso-fe/signin?resetToken=');
    // The keyword is text, not a pattern: LIKE's wildcards match only themselves.
    for (const keyword of ['chi%minhphat', 'chi_minhphat']) {
      expect((await callApi(t.app, access_token, '/api/MailOutbox/Search', { keyword })).json().data.totalRecord, keyword).toBe(0);
    }
    expect((await callApi(t.app, access_token, '/api/MailOutbox/Search', { keyword: 'RESET YOUR', pageSize: 1 })).json().data.totalRecord).toBeGreaterThan(0);
  });

  it('is the platform administrator’s only', async () => {
    const { access_token } = await signIn(t.app, DEMO_UNIT_ADMIN);
    expect((await callApi(t.app, access_token, '/api/MailOutbox/Search', {})).statusCode).toBe(403);
  });
});
