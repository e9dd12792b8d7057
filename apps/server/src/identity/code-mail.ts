import type { CodeSent, Language } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import { CODE_MAIL_PURPOSES } from '../platform/mail/templates.ts';
import { issueCode, maskEmail, type CodePurpose } from './verification-codes.ts';

/**
 * Issues a code and queues the mail that carries it, in one transaction: the code exists only
 * if its mail will leave, and the mail is in the recipient's language.
 */
export async function sendCodeByMail(
  db: Queryable,
  mailer: Mailer,
  code: { purpose: CodePurpose; subject: string; payload?: unknown },
  to: { email: string; language: Language },
): Promise<CodeSent> {
  return db.transaction(async (tx) => {
    const issued = await issueCode(tx, code.purpose, code.subject, code.payload ?? null);
    await mailer.send(tx, {
      kind: 'verificationCode',
      to: to.email,
      language: to.language,
      params: { code: issued.code, minutes: code.purpose.ttlMinutes, purpose: CODE_MAIL_PURPOSES[code.purpose.key] },
    });
    return { destination: maskEmail(to.email), resendAfterSeconds: issued.resendAfterSeconds };
  });
}
