import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATE_TYPE_NAMES } from '@portal/contracts';
import { signInActor } from '../../../test/actors.ts';
import { apiAs, type Api } from '../../../test/api.ts';
import { DATABASE_KINDS } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { systemClock } from '../../platform/clock.ts';
import { createMailer } from '../../platform/mail/mailer.ts';

type Template = { id: string; name: string; systemType: string | null; language: string; subject: string; content: string; status: number };
const silent = { warn() {}, error() {}, info() {}, debug() {}, fatal() {}, trace() {}, child() { return this; }, level: 'silent', silent() {} } as never;

describe.each(DATABASE_KINDS)('e-mail templates on %s', (kind) => {
  let t: TestApp;
  let platform: Api;

  const templateOf = async (systemType: string, language: string) =>
    (await platform.data<{ records: Template[] }>(platform.post('/api/EmailTemplate/Search', { pageIndex: 1, pageSize: 50, systemType, language }))).records[0]!;
  const sendReset = async (language: 'vi' | 'en') => {
    const mailer = createMailer({ db: t.database.db, clock: systemClock, smtpUrl: undefined, log: silent });
    const id = await mailer.send(t.database.db, { kind: 'passwordResetLink', to: 'an@example.com', language, params: { username: 'an', link: 'http://portal.test/reset?t=1&x=2', minutes: 30 } });
    await mailer.close();
    return (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    platform = apiAs(t, (await signInActor(t, 'platformAdmin')).headers);
  });
  afterAll(() => t.close());

  it('offers every system type with its variables, and a template of each in both languages', async () => {
    const types = await platform.data<{ type: string; variables: string[] }[]>(platform.get('/api/EmailTemplate/GetListType'));
    expect(types.map((type) => type.type)).toEqual(EMAIL_TEMPLATE_TYPE_NAMES);
    expect(types.find((type) => type.type === 'passwordResetLink')!.variables).toEqual(['username', 'link', 'minutes']);
    const { totalRecord } = await platform.data(platform.post('/api/EmailTemplate/Search', { pageIndex: 1, pageSize: 1 }));
    expect(totalRecord).toBeGreaterThanOrEqual(EMAIL_TEMPLATE_TYPE_NAMES.length * 2);
  });

  it('the next mail of a type carries the edited template, in its language, without anything that runs', async () => {
    const vi = await templateOf('passwordResetLink', 'vi');
    const content = '<p>Xin chào {{username}}, đặt lại tại <a href="{{link}}">đây</a>.</p><img src="x" onerror="alert(1)"><a href="javascript:alert(2)">bấm</a><script>alert(3)</script>';
    await platform.data(platform.post('/api/EmailTemplate/AddUpdate', { ...vi, subject: 'Khôi phục mật khẩu cho {{username}}', content }));
    const stored = await platform.data<Template>(platform.get(`/api/EmailTemplate/GetById/${vi.id}`));
    expect(stored.content).toContain('<img src="x" />');
    expect(stored.content).not.toMatch(/onerror|javascript:|<script/);

    const mail = await sendReset('vi');
    expect(mail.subject).toBe('Khôi phục mật khẩu cho an');
    expect(mail.htmlBody).toContain('href="http://portal.test/reset?t=1&amp;x=2"');
    expect(mail.htmlBody).not.toMatch(/onerror|javascript:|<script/);
    expect(mail.textBody).toContain('Xin chào an');
    // The English template is untouched.
    expect((await sendReset('en')).subject).toBe('Reset your password');

    // Switched off, the type falls back to the built-in template.
    await platform.data(platform.post('/api/EmailTemplate/UpdateStatus', { id: vi.id, status: 0 }));
    expect((await sendReset('vi')).subject).toBe('Đặt lại mật khẩu');
  });

  it('refuses an unknown variable, unbalanced markup and a second template of a type, naming the field', async () => {
    const en = await templateOf('newPassword', 'en');
    const unknown = await platform.post('/api/EmailTemplate/AddUpdate', { ...en, subject: 'Hello {{firstName}}' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toContainEqual({ field: 'body.subject', message: 'template_variable_unknown' });
    const unbalanced = await platform.post('/api/EmailTemplate/AddUpdate', { ...en, content: '<p><strong>{{password}}</p>' });
    expect(unbalanced.json().errors).toContainEqual({ field: 'body.content', message: 'markup_unbalanced' });
    const second = await platform.post('/api/EmailTemplate/AddUpdate', { ...en, id: undefined, name: 'Another' });
    expect(second.json()).toMatchObject({ success: false, errorCode: 3105 });
    expect((await templateOf('newPassword', 'en')).subject).toBe(en.subject);
  });

  it('previews with the type’s sample values, sanitised', async () => {
    const preview = await platform.data(
      platform.post('/api/EmailTemplate/Preview', { systemType: 'signUpCode', language: 'en', subject: 'Code {{code}}', content: '<p onclick="x()">{{code}} for {{minutes}} minutes</p>' }),
    );
    expect(preview.subject).toBe('Code 123456');
    expect(preview.html).toContain('<p>123456 for 10 minutes</p>');
  });
});
