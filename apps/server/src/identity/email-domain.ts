import { and, eq, sql } from 'drizzle-orm';
import { STATUS } from '@portal/contracts';
import type { Queryable } from '../db/client.ts';
import { blacklistDomains, blacklistExceptions, blacklistSubdomains, users } from '../db/schema/index.ts';
import { AppError } from '../platform/errors.ts';

/** "mail.sales.example.com" → ["mail.sales.example.com", "sales.example.com", "example.com", "com"]. */
function domainAndParents(domain: string): string[] {
  const labels = domain.split('.');
  return labels.map((_, index) => labels.slice(index).join('.'));
}

/**
 * May this e-mail sign up? Its domain must not be blacklisted, nor be (under) a blacklisted
 * subdomain entry, unless the address itself is an exception.
 */
export async function isEmailDomainAllowed(db: Queryable, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const domain = address.split('@')[1] ?? '';
  const [exception] = await db
    .select({ id: blacklistExceptions.id })
    .from(blacklistExceptions)
    .where(and(sql`lower(${blacklistExceptions.email}) = ${address}`, eq(blacklistExceptions.status, STATUS.active)));
  if (exception) return true;
  const [blocked] = await db
    .select({ id: blacklistDomains.id })
    .from(blacklistDomains)
    .where(and(sql`lower(${blacklistDomains.domain}) = ${domain}`, eq(blacklistDomains.status, STATUS.active)));
  if (blocked) return false;
  const candidates = domainAndParents(domain);
  const [blockedParent] = await db
    .select({ id: blacklistSubdomains.id })
    .from(blacklistSubdomains)
    .where(
      and(
        sql`lower(${blacklistSubdomains.subdomain}) in (${sql.join(candidates.map((c) => sql`${c}`), sql`, `)})`,
        eq(blacklistSubdomains.status, STATUS.active),
      ),
    );
  return !blockedParent;
}

/** `field` names the e-mail as the request's body does, so the form shows the refusal at it. */
export async function assertEmailDomainAllowed(db: Queryable, email: string, field = 'email'): Promise<void> {
  if (!(await isEmailDomainAllowed(db, email))) throw new AppError('account.email_domain_blocked', { errors: [{ field: `body.${field}`, message: 'invalid' }] });
}

/**
 * Account creation and e-mail changes obey the lists as sign-up does; an e-mail that stays as
 * it was is not checked again (a domain listed later does not block editing the account).
 */
export async function assertNewEmailAllowed(db: Queryable, email: string, userId?: string, field = 'email'): Promise<void> {
  if (userId) {
    const [current] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (current && current.email.toLowerCase() === email.trim().toLowerCase()) return;
  }
  await assertEmailDomainAllowed(db, email, field);
}
