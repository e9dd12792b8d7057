import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type UserFactors } from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/client.ts';
import { passkeys, users, userTotp } from '../../db/schema/index.ts';
import { signinPage } from '../../identity/provider.ts';
import { notFound } from '../../platform/errors.ts';
import { withinScope, type Scope } from '../../platform/resource/scope.ts';

const FACTOR_WORDS = {
  vi: { passkeys: 'các khóa truy cập (passkey)', app: 'ứng dụng xác thực', both: 'các khóa truy cập (passkey) và ứng dụng xác thực' },
  en: { passkeys: 'the passkeys', app: 'the authenticator app', both: 'the passkeys and the authenticator app' },
} as const;

/**
 * The passkeys and app of the users of one page (ids), in one query each. Another unit's user
 * is unknown here, as everywhere: one of them among the ids and the whole answer is a not found.
 */
export async function secondFactorsOf(db: Queryable, ids: string[], scope: Scope): Promise<UserFactors[]> {
  if (ids.length === 0) return [];
  const visible = and(inArray(users.id, ids), withinScope(users.unitId, scope));
  const [keys, apps, shown] = await Promise.all([
    db.select({ userId: passkeys.userId, n: count() }).from(passkeys).innerJoin(users, eq(users.id, passkeys.userId)).where(visible).groupBy(passkeys.userId),
    db.select({ userId: userTotp.userId }).from(userTotp).innerJoin(users, eq(users.id, userTotp.userId)).where(and(visible, isNotNull(userTotp.confirmedAt))),
    db.select({ id: users.id }).from(users).where(visible),
  ]);
  if (shown.length !== new Set(ids).size) throw notFound();
  return shown.map(({ id }) => ({ userId: id, passkeys: keys.find((k) => k.userId === id)?.n ?? 0, app: apps.some((a) => a.userId === id) }));
}

/**
 * Removes a user's passkeys and/or authenticator app (a lost phone), and tells them by mail in
 * the language of their last sign-in, in the same transaction.
 */
export async function resetSecondFactors(
  tx: Queryable,
  app: Pick<AppContext, 'mailer' | 'config'>,
  user: { id: string; username: string; email: string },
  reset: { passkeys: boolean; app: boolean },
): Promise<void> {
  if (reset.passkeys) await tx.delete(passkeys).where(eq(passkeys.userId, user.id));
  if (reset.app) await tx.delete(userTotp).where(eq(userTotp.userId, user.id));
  if (!reset.passkeys && !reset.app) return;
  const [row] = await tx.select({ language: users.language }).from(users).where(eq(users.id, user.id));
  const language = row?.language ?? DEFAULT_LANGUAGE;
  const words = FACTOR_WORDS[language][reset.passkeys && reset.app ? 'both' : reset.passkeys ? 'passkeys' : 'app'];
  await app.mailer.send(tx, {
    kind: 'secondFactorsReset',
    to: user.email,
    language,
    params: { username: user.username, factors: words, signinUrl: signinPage(app.config.publicUrl) },
  });
}
