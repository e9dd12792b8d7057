import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** A message the test SMTP server received (see global-setup.ts). */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  /** The whole message as it came over SMTP (headers, text and HTML parts). */
  raw: string;
  receivedAt: number;
}

function allMail(): ReceivedMail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as ReceivedMail);
}

/** Waits for a message to `to` received after `since` (and matching), as the user would wait for it. */
export async function waitForMail(to: string, since: number, match: (mail: ReceivedMail) => boolean = () => true, timeout = 15_000): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => (found = allMail().find((mail) => mail.to === to && mail.receivedAt >= since && match(mail))), { timeout, message: `mail to ${to}` })
    .toBeTruthy();
  return found!;
}

/** The messages to `to` received after `since` that match. */
export function mailTo(to: string, since: number, match: (mail: ReceivedMail) => boolean): ReceivedMail[] {
  return allMail().filter((mail) => mail.to === to && mail.receivedAt >= since && match(mail));
}

/** The 6-digit code of a verification mail. */
export function codeIn(mail: ReceivedMail): string {
  return /(\d{6})/.exec(mail.subject)![1]!;
}

/** The first link of a mail. */
export function linkIn(mail: ReceivedMail): string {
  return /(https?:\/\/\S+)/.exec(mail.text)![1]!;
}
