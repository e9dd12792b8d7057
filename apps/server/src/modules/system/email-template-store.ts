import { asc, count, eq, type SQL } from 'drizzle-orm';
import type { EmailTemplateRecord, EmailTemplateSortField, emailTemplateResource } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { emailTemplates } from '../../db/schema/index.ts';
import { sanitizeTemplateHtml } from '../../platform/mail/render.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, sortedBy, totalOver, toPageResult } from '../../platform/resource/search.ts';

type Row = typeof emailTemplates.$inferSelect;
const toRecord = (row: Row): EmailTemplateRecord => ({
  id: row.id,
  name: row.name,
  systemType: row.systemType as EmailTemplateRecord['systemType'],
  language: row.language,
  subject: row.subject,
  content: row.content,
  status: row.status,
  updatedAt: row.updatedAt.toISOString(),
});

const select = (db: Queryable, where: SQL | undefined) => db.select({ row: emailTemplates, total: totalOver }).from(emailTemplates).where(where);

/** What is stored: the content without anything that runs (it is sanitised again on render). */
const stored = async (input: { name: string; systemType: string | null; language: 'vi' | 'en'; subject: string; content: string }) => ({
  name: input.name,
  systemType: input.systemType,
  language: input.language,
  subject: input.subject,
  content: await sanitizeTemplateHtml(input.content),
});

const TEMPLATE_SORT = {
  name: emailTemplates.name,
  systemType: emailTemplates.systemType,
  updatedAt: emailTemplates.updatedAt,
  status: emailTemplates.status,
} satisfies Record<EmailTemplateSortField, unknown>;

export const emailTemplateStore: ResourceStore<typeof emailTemplateResource> = {
  async search(db, query, page) {
    const where = allOf(
      query.systemType ? eq(emailTemplates.systemType, query.systemType) : undefined,
      query.language ? eq(emailTemplates.language, query.language) : undefined,
      query.status === undefined ? undefined : eq(emailTemplates.status, query.status),
      keywordMatch([emailTemplates.name, emailTemplates.subject], query.keyword),
    );
    const order = sortedBy(query.sort, TEMPLATE_SORT, emailTemplates.id, [asc(emailTemplates.systemType), asc(emailTemplates.language), asc(emailTemplates.name), asc(emailTemplates.id)]);
    const rows = await select(db, where).orderBy(...order).limit(page.limit).offset(page.offset);
    return toPageResult(rows, ({ row }) => toRecord(row), page, async () => (await db.select({ n: count() }).from(emailTemplates).where(where))[0]!.n);
  },
  async find(db, id) {
    const [found] = await select(db, eq(emailTemplates.id, id));
    return found && toRecord(found.row);
  },
  describe: (template) => ({ id: template.id, name: template.name, unitId: null }),
  async create(tx, input) {
    const [row] = await tx.insert(emailTemplates).values(await stored(input)).returning({ id: emailTemplates.id });
    return { id: row!.id, name: input.name, unitId: null };
  },
  async update(tx, existing, input) {
    await tx.update(emailTemplates).set(await stored(input)).where(eq(emailTemplates.id, existing.id));
  },
  async remove(tx, existing) {
    await tx.delete(emailTemplates).where(eq(emailTemplates.id, existing.id));
  },
  async setStatus(tx, existing, status) {
    await tx.update(emailTemplates).set({ status }).where(eq(emailTemplates.id, existing.id));
  },
};
