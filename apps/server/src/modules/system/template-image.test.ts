import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_IMAGE_MAX_BYTES } from '@portal/contracts';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { startTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/test-app.ts';
import { templateImages } from '../../db/schema/index.ts';

/** A 1×1 transparent PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe.each(DATABASE_KINDS)('template images on %s', (kind) => {
  let t: TestApp;
  let platform: Api;
  let unitAdmin: Api;
  beforeAll(async () => {
    t = await startTestApp(kind);
    platform = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
    unitAdmin = apiAs(t, (await signInActor(t, 'unitAdminA')).headers);
  });
  afterAll(() => t.close());

  it('keeps an uploaded image in the database and serves it under the base path, to anyone', async () => {
    const image = await platform.data(platform.post('/api/EmailTemplate/UploadImage', { name: 'logo.png', data: PNG.toString('base64') }));
    expect(image).toMatchObject({ contentType: 'image/png', size: PNG.length });
    expect(image.url).toBe(`${TEST_PUBLIC_URL}/sso-fe/template-images/${image.id}`);
    const served = await t.app.inject({ url: `/sso-fe/template-images/${image.id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ url: '/sso-fe/template-images/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('judges a file by its content, not its name, and refuses large ones, naming the field and writing nothing', async () => {
    const before = await t.database.db.$count(templateImages);
    const script = await platform.post('/api/EmailTemplate/UploadImage', { name: 'logo.png', data: Buffer.from('<svg onload="alert(1)"></svg>').toString('base64') });
    expect(script.statusCode).toBe(400);
    expect(script.json().errors).toEqual([{ field: 'body.data', message: 'image_type_invalid' }]);
    const large = Buffer.concat([PNG, Buffer.alloc(TEMPLATE_IMAGE_MAX_BYTES)]);
    const tooLarge = await platform.post('/api/EmailTemplate/UploadImage', { name: 'big.png', data: large.toString('base64') });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().errors).toEqual([{ field: 'body.data', message: 'file_too_large' }]);
    expect(await t.database.db.$count(templateImages)).toBe(before);
    // Only those who edit e-mail templates upload.
    expect((await unitAdmin.post('/api/EmailTemplate/UploadImage', { name: 'logo.png', data: PNG.toString('base64') })).statusCode).toBe(403);
  });
});
