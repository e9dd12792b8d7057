import { describe, expect, it } from 'vitest';
import { readableContent } from './log-content.ts';

const words = { yes: 'Có', no: 'Không', hidden: '(ẩn)' };
const unitId = '5b0c2f55-8d1e-4b35-9a0e-1f2e3d4c5b6a';

describe("an action log's content, made readable", () => {
  it("says a refusal's reason in the reader's language, then the request's fields", () => {
    const content = `account.email_domain_blocked ${JSON.stringify({ email: 'an@mailinator.com', unitId, isAdmin: false, password: '***' })}`;
    const read = readableContent(content, { unitId, unitName: 'Công ty TNHH Minh Phát' }, 'vi', words);
    expect(read.reason).toBe('Tên miền email này không được phép đăng ký, vui lòng dùng email doanh nghiệp khác');
    expect(read.fields).toEqual([
      { key: 'email', value: 'an@mailinator.com' },
      { key: 'unitId', value: 'Công ty TNHH Minh Phát' },
      { key: 'isAdmin', value: 'Không' },
      { key: 'password', value: '(ẩn)' },
    ]);
    expect(readableContent(content, {}, 'en', words).reason).toBe('This e-mail domain cannot be used to sign up, please use another business e-mail');
  });

  it('keeps ids it cannot name, and text that is not JSON, as written', () => {
    expect(readableContent(JSON.stringify({ serviceId: unitId }), {}, 'vi', words).fields).toEqual([{ key: 'serviceId', value: unitId }]);
    expect(readableContent('Đồng bộ 12 người dùng', {}, 'vi', words)).toEqual({ fields: [], text: 'Đồng bộ 12 người dùng' });
    expect(readableContent(null, {}, 'vi', words)).toEqual({ fields: [] });
  });
});
