import type { CodeSent, EmailTemplateType, Language } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import { issueCode, maskEmail, type CODE_PURPOSES, type CodePurpose } from './verification-codes.ts';

/** Purposes whose code is e-mailed (the sign-in's new-password, app-code and passkey steps keep only their state). */
type MailedPurpose = Exclude<
  CodePurpose,
  typeof CODE_PURPOSES.newPasswordSignin | typeof CODE_PURPOSES.twoFactorAppSignin | typeof CODE_PURPOSES.passkeyEnrolmentSignin
>;

/** The template each kind of code is mailed with. */
const CODE_MAIL_TYPES = {
  sign_up: 'signUpCode',
  two_factor_signin: 'twoFactorCode',
  two_factor_setup: 'twoFactorSetupCode',
  two_factor_policy: 'twoFactorPolicyCode',
  change_password: 'changePasswordCode',
} as const satisfies Record<MailedPurpose['key'], EmailTemplateType>;

/**
 * Issues a code and queues the mail that carries it, in one transaction: the code exists only
 * if its mail will leave, and the mail is in the recipient's language.
 */
export async function sendCodeByMail(
  db: Queryable,
  now: Date,
  mailer: Mailer,
  code: { purpose: MailedPurpose; subject: string; payload?: unknown },
  to: { email: string; language: Language },
): Promise<CodeSent> {
  return db.transaction(async (tx) => {
    const issued = await issueCode(tx, now, code.purpose, code.subject, code.payload ?? null);
    await mailer.send(tx, {
      kind: CODE_MAIL_TYPES[code.purpose.key],
      to: to.email,
      language: to.language,
      params: { code: issued.code, minutes: issued.ttlMinutes },
    });
    return { destination: maskEmail(to.email), resendAfterSeconds: issued.resendAfterSeconds };
  });
}
