import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BUILT_IN_ROLES, CAMPAIGN_RECEIVER, CAMPAIGN_STATUS, DEFAULT_LANGUAGE, LANGUAGES, splitAddresses, USER_STATUS, type Language } from '@portal/contracts';
import type { Database, Queryable } from '../../db/client.ts';
import { emailCampaignReceivers, emailCampaigns, roles, userRoles, users } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { renderTemplate } from '../../platform/mail/render.ts';
import { claimUnderLease, leaseRelease } from '../../platform/outbox/lease.ts';
import { startQueueWorker, type QueueWorker } from '../../platform/outbox/queue-worker.ts';

type CampaignRow = typeof emailCampaigns.$inferSelect;
type Role = (typeof emailCampaignReceivers.$inferInsert)['role'];

/** A campaign that failed to queue is tried again after this long. */
const RETRY_MS = 60_000;

/** Takes due campaigns for this worker under the lease every queue of the portal uses. */
export function claimDueCampaigns(db: Database, clock: Clock, limit: number): Promise<CampaignRow[]> {
  const now = clock.now();
  return claimUnderLease(db, emailCampaigns, { now, limit, pending: CAMPAIGN_STATUS.scheduled, due: lte(emailCampaigns.sendAt, now), order: emailCampaigns.sendAt });
}

/** The active users of the campaign's units: all of them, or their administrators only. */
async function unitAddresses(db: Queryable, campaign: CampaignRow): Promise<string[]> {
  if (campaign.unitIds.length === 0) return [];
  const inUnits = and(inArray(users.unitId, campaign.unitIds), eq(users.status, USER_STATUS.active));
  const rows =
    campaign.receiverType === CAMPAIGN_RECEIVER.unitAdmins
      ? await db
          .selectDistinct({ email: users.email })
          .from(users)
          .innerJoin(userRoles, eq(userRoles.userId, users.id))
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(and(inUnits, eq(roles.code, BUILT_IN_ROLES.unitAdmin)))
      : await db.select({ email: users.email }).from(users).where(inUnits);
  return rows.map((row) => row.email);
}

/**
 * Everyone the campaign goes to, once each: the receivers, then the Cc and Bcc addresses not
 * already among them. Each gets a mail of their own, so no receiver sees another's address.
 */
async function receiversOf(db: Queryable, campaign: CampaignRow): Promise<{ address: string; role: Role }[]> {
  const to = campaign.receiverType === CAMPAIGN_RECEIVER.addresses ? splitAddresses(campaign.receivers) : await unitAddresses(db, campaign);
  const seen = new Set<string>();
  const list: { address: string; role: Role }[] = [];
  const add = (addresses: string[], role: Role) => {
    for (const address of addresses) {
      const key = address.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      list.push({ address, role });
    }
  };
  add(to, 'to');
  add(splitAddresses(campaign.cc), 'cc');
  add(splitAddresses(campaign.bcc), 'bcc');
  return list;
}

/** The language each address's account last signed in with; an address of no account (or one never signed in) has none. */
async function languagesOf(db: Queryable, addresses: readonly string[]): Promise<Map<string, Language>> {
  const lower = [...new Set(addresses.map((address) => address.toLowerCase()))];
  const spoken = new Map<string, Language>();
  for (let start = 0; start < lower.length; start += 1000) {
    const rows = await db
      .select({ email: sql<string>`lower(${users.email})`, language: users.language })
      .from(users)
      .where(and(inArray(sql`lower(${users.email})`, lower.slice(start, start + 1000)), isNotNull(users.language)));
    for (const row of rows) spoken.set(row.email, row.language!);
  }
  return spoken;
}

/**
 * Queues one claimed campaign: in one transaction, its mails go into the mail outbox, its
 * receivers are recorded and it is marked queued. The row is locked and its status checked
 * again first, so a campaign cancelled meanwhile stays unsent and one queued by another
 * instance is not queued twice; if anything fails nothing of it stays and it is tried again.
 */
async function queueCampaign(deps: CampaignSenderDeps, claimed: CampaignRow): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [campaign] = await tx
      .select()
      .from(emailCampaigns)
      .where(and(eq(emailCampaigns.id, claimed.id), eq(emailCampaigns.status, CAMPAIGN_STATUS.scheduled)))
      .for('update');
    if (!campaign) return;
    const list = await receiversOf(tx, campaign);
    const spoken = await languagesOf(tx, list.map(({ address }) => address));
    const rendered = Object.fromEntries(
      await Promise.all(LANGUAGES.map(async (language) => [language, await renderTemplate({ subject: campaign.subject, content: campaign.content }, {}, language)] as const)),
    );
    // One insert per thousand mails and one per thousand receivers, not one per receiver.
    const mailIds = await deps.mailer.sendRawMany(
      tx,
      list.map(({ address }) => {
        const language = spoken.get(address.toLowerCase()) ?? DEFAULT_LANGUAGE;
        return { kind: 'campaign', to: address, language, ...rendered[language]! };
      }),
    );
    const receivers = list.map(({ address, role }, index) => ({ campaignId: campaign.id, address, role, mailId: mailIds[index]! }));
    for (let start = 0; start < receivers.length; start += 1000) await tx.insert(emailCampaignReceivers).values(receivers.slice(start, start + 1000));
    await tx
      .update(emailCampaigns)
      .set({ status: CAMPAIGN_STATUS.queued, queuedAt: deps.clock.now(), lockedUntil: null, lastError: null })
      .where(eq(emailCampaigns.id, campaign.id));
  });
}

export interface CampaignSenderDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  pollMs?: number;
}

/**
 * Sends e-mail campaigns at their time. Every instance runs one; whichever claims a due
 * campaign first queues it, once, into the durable mail outbox, whose worker delivers it.
 */
export function startCampaignSender(deps: CampaignSenderDeps): QueueWorker {
  async function deliver(row: CampaignRow): Promise<void> {
    try {
      await queueCampaign(deps, row);
    } catch (error) {
      deps.log.warn({ err: error, campaignId: row.id }, 'queueing an e-mail campaign failed; will retry');
      await deps.db
        .update(emailCampaigns)
        .set({ lockedUntil: new Date(deps.clock.now().getTime() + RETRY_MS), lastError: (error as Error).message.slice(0, 1000) })
        .where(eq(emailCampaigns.id, row.id));
    }
  }
  return startQueueWorker({
    name: 'e-mail campaign',
    claim: (limit) => claimDueCampaigns(deps.db, deps.clock, limit),
    deliver,
    release: leaseRelease(deps.db, emailCampaigns),
    log: deps.log,
    ...(deps.pollMs === undefined ? {} : { pollMs: deps.pollMs }),
  });
}
