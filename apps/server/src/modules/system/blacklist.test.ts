import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { unitSample, unitUserSample, uniqueSuffix } from '../../../test/samples.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

describe.each(DATABASE_KINDS)('blacklists on %s', (kind) => {
  let t: TestApp;
  let platform: Api;
  let unitAdmin: Api;

  beforeAll(async () => {
    t = await startTestApp(kind);
    platform = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
    unitAdmin = apiAs(t, (await signInActor(t, 'unitAdminA')).headers);
  });
  afterAll(() => t.close());

  const newUnit = (adminEmail: string) => platform.post('/api/Unit/Create', { ...unitSample.create({ unitId: '', platformRoleId: '' }), adminEmail });

  it('a blacklisted domain is refused at once to a new account, and an exception lets one address through', async () => {
    await platform.data(platform.post('/api/BlackList/AddUpdate', { value: 'FreeMail.Example' }));
    // The refusal names the field the form shows it at.
    expect((await newUnit(`boss@freemail.example`)).json()).toMatchObject({ success: false, errorCode: 9102, errors: [{ field: 'body.adminEmail' }] });

    await platform.data(platform.post('/api/ExceptionBlackList/AddUpdate', { value: 'Boss@FreeMail.example' }));
    expect((await newUnit('boss@freemail.example')).json()).toMatchObject({ success: true });
    expect((await newUnit('other@freemail.example')).json()).toMatchObject({ success: false, errorCode: 9102 });
  });

  it('a subdomain entry refuses the domain and everything under it, until it is switched off', async () => {
    const { id } = await platform.data(platform.post('/api/BlackListSubdomain/AddUpdate', { value: 'school.example' }));
    expect((await newUnit(`a${uniqueSuffix()}@mail.school.example`)).json()).toMatchObject({ errorCode: 9102 });
    expect((await newUnit(`a${uniqueSuffix()}@school.example`)).json()).toMatchObject({ errorCode: 9102 });
    await platform.data(platform.post('/api/BlackListSubdomain/UpdateStatus', { id, status: 0 }));
    expect((await newUnit(`a${uniqueSuffix()}@mail.school.example`)).json()).toMatchObject({ success: true });
  });

  it('an e-mail change to a listed domain is refused, and an edit that keeps the address is not', async () => {
    const { id } = await unitAdmin.data(unitAdmin.post('/api/User/AddUpdateUser', { ...unitUserSample.create({ unitId: '', platformRoleId: '' }), unitId: undefined }));
    const user = await unitAdmin.data(unitAdmin.get(`/api/User/GetById/${id}`));
    const domain = user.email.split('@')[1];
    await platform.data(platform.post('/api/BlackList/AddUpdate', { value: domain }));
    // Listed after the account was made: editing its other fields still works.
    expect((await unitAdmin.post('/api/User/AddUpdateUser', { ...user, firstName: 'Đổi tên' })).json()).toMatchObject({ success: true });
    await platform.data(platform.post('/api/BlackList/AddUpdate', { value: 'listed.example' }));
    expect((await unitAdmin.post('/api/User/AddUpdateUser', { ...user, email: 'x@listed.example' })).json()).toMatchObject({ success: false, errorCode: 9102, errors: [{ field: 'body.email' }] });
  });

  it('refuses a duplicate whatever its case, and a value that is not a domain or an address, naming the field', async () => {
    await platform.data(platform.post('/api/BlackList/AddUpdate', { value: 'dup.example' }));
    const duplicate = await platform.post('/api/BlackList/AddUpdate', { value: 'DUP.example' });
    expect(duplicate.json()).toMatchObject({ success: false, errorCode: 3105, errors: [{ field: 'body.value' }] });
    for (const [path, value] of [['BlackList', 'not a domain'], ['BlackListSubdomain', '-bad-.example'], ['ExceptionBlackList', 'nobody']] as const) {
      const refused = await platform.post(`/api/${path}/AddUpdate`, { value });
      expect(refused.statusCode, path).toBe(400);
      expect(refused.json().errors).toContainEqual(expect.objectContaining({ field: 'body.value' }));
    }
    expect((await unitAdmin.post('/api/BlackList/Search', { pageIndex: 1, pageSize: 20 })).statusCode).toBe(403);
  });
});
