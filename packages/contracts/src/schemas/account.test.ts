import { describe, expect, it } from 'vitest';
import { changeMyPassSchema, requestChangeMyPassSchema, signUpRequestSchema, updateProfileRequestSchema } from './account.ts';
import { verificationCodeSchema } from './fields.ts';
import { normalizeTwoFaStatus, twoFactorSigninSchema } from './two-factor.ts';

const firstIssue = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => result.error?.issues[0];

describe('account contracts (section 5)', () => {
  it('strips spaces from the passwords of a change and compares them after', () => {
    const parsed = requestChangeMyPassSchema.parse({ oldPassword: ' Old#Pass1 ', newPassword: 'New Pass#1', confirmPassword: 'NewPass#1 ' });
    expect(parsed).toEqual({ oldPassword: 'Old#Pass1', newPassword: 'NewPass#1', confirmPassword: 'NewPass#1' });
    expect(firstIssue(requestChangeMyPassSchema.safeParse({ oldPassword: 'a', newPassword: 'NewPass#1', confirmPassword: 'NewPass#2' }))).toMatchObject({
      message: 'password_mismatch',
      path: ['confirmPassword'],
    });
    expect(firstIssue(changeMyPassSchema.safeParse({ oldPassword: 'a', newPassword: 'NewPass#1', confirmPassword: 'NewPass#1', codeVerify: '12345' }))).toMatchObject({
      message: 'code_invalid',
    });
  });

  it('answers one message per field, the first rule that fails', () => {
    expect(verificationCodeSchema.safeParse('').error?.issues.map((i) => i.message)).toEqual(['code_required']);
    expect(verificationCodeSchema.safeParse(' 123456 ').data).toBe('123456');
    const profile = updateProfileRequestSchema.safeParse({ firstName: '  ', lastName: 'B', mobile: '' });
    expect(profile.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['firstName', 'required'],
      ['mobile', 'required'],
    ]);
    expect(updateProfileRequestSchema.parse({ firstName: ' An ', lastName: ' Lê ', mobile: '0901', description: null })).toMatchObject({ firstName: 'An', lastName: 'Lê' });
  });

  it('requires the agreement and a known user-count band to sign up', () => {
    const result = signUpRequestSchema.safeParse({
      companyName: 'A',
      businessCode: '0312345678',
      numberOfEmployees: '7',
      username: 'abc',
      email: 'a@b.vn',
      password: 'Good#Pass1',
      confirmPassword: 'Good#Pass1',
      agreeTerms: false,
    });
    expect(result.error?.issues.map((i) => i.path[0])).toEqual(['numberOfEmployees', 'agreeTerms']);
  });

  it('takes an e-mailed code or a recovery code at sign-in, exactly one', () => {
    expect(twoFactorSigninSchema.safeParse({ code: '123456' }).success).toBe(true);
    expect(twoFactorSigninSchema.safeParse({ recoveryCode: 'ABCDE-FGHJK' }).success).toBe(true);
    expect(twoFactorSigninSchema.safeParse({}).success).toBe(false);
    expect(twoFactorSigninSchema.safeParse({ code: '123456', recoveryCode: 'ABCDE-FGHJK' }).success).toBe(false);
  });

  it('normalises two-factor status: 1 when 1, otherwise 5', () => {
    expect([1, 0, 5, null, undefined, 7].map(normalizeTwoFaStatus)).toEqual([1, 5, 5, 5, 5, 5]);
  });
});
