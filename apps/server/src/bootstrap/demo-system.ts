import type { Transaction } from '../db/client.ts';
import { blacklistDomains, blacklistExceptions, blacklistSubdomains } from '../db/schema/index.ts';

/** Demo entries of the System section: throwaway-mail providers on the blacklists, two exceptions. */
export async function seedDemoSystem(tx: Transaction): Promise<void> {
  await tx.insert(blacklistDomains).values([{ domain: 'mailinator.com' }, { domain: 'yopmail.com' }]).onConflictDoNothing();
  await tx.insert(blacklistSubdomains).values([{ subdomain: 'temp-mail.org' }, { subdomain: 'throwaway.email' }]).onConflictDoNothing();
  await tx.insert(blacklistExceptions).values([{ email: 'giamdoc@yopmail.com' }, { email: 'ketoan@mailinator.com' }]).onConflictDoNothing();
}
