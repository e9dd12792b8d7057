import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { signIn } from '../../../test/oidc-client.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

describe.each(DATABASE_KINDS)('account information on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = (await signIn(t.app, { username: 'binh.minhphat', password: 'Demo@2026' })).access_token;
  });
  afterAll(() => t.close());

  const update = (body: object) => callApi(t.app, token, '/api/User/UpdateUserProfileCurrent', body);

  it('saves trimmed names, mobile and description and answers the profile', async () => {
    const saved = await update({ firstName: '  Bình ', lastName: ' Trần Văn ', mobile: '0912345678', description: ' Kinh doanh ' });
    expect(saved.json().data).toMatchObject({ firstName: 'Bình', lastName: 'Trần Văn', fullName: 'Trần Văn Bình', mobile: '0912345678', description: 'Kinh doanh', email: 'binh@minhphat.example.com' });
    expect((await callApi(t.app, token, '/api/User/GetUserProfileCurrent')).json().data.fullName).toBe('Trần Văn Bình');
  });

  it('refuses what section 5 forbids, naming each field', async () => {
    const response = await update({ firstName: '', lastName: 'x'.repeat(71), mobile: '09-12', description: 'y'.repeat(151) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'body.firstName', message: 'required' },
        { field: 'body.lastName', message: 'too_long' },
        { field: 'body.mobile', message: 'digits_only' },
        { field: 'body.description', message: 'too_long' },
      ]),
    );
    expect((await update({ firstName: 'A', lastName: 'B', mobile: '1'.repeat(16) })).json().errors).toEqual([{ field: 'body.mobile', message: 'too_long' }]);
    expect((await update({ firstName: 'A', lastName: 'B', mobile: '' })).json().errors).toEqual([{ field: 'body.mobile', message: 'required' }]);
  });

  it('keeps e-mail and roles read-only: sent back with other values, they are ignored', async () => {
    const response = await update({ firstName: 'A', lastName: 'B', mobile: '0900000000', email: 'new@example.com', roleNames: ['Super admin'] });
    expect(response.json().success, response.body).toBe(true);
    expect((await callApi(t.app, token, '/api/User/GetUserProfileCurrent')).json().data).toMatchObject({ email: 'binh@minhphat.example.com', roleNames: ['USERUNIT'] });
  });
});
