import { asc, count, eq } from 'drizzle-orm';
import type { SmsTemplateRecord, smsTemplateResource } from '@portal/contracts';
import { smsTemplates } from '../../db/schema/index.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, totalOver, toPageResult } from '../../platform/resource/search.ts';

type Row = typeof smsTemplates.$inferSelect;
const toRecord = (row: Row): SmsTemplateRecord => ({
  id: row.id,
  name: row.name,
  content: row.content,
  type: row.type,
  systemType: row.systemType as SmsTemplateRecord['systemType'],
  status: row.status,
  updatedAt: row.updatedAt.toISOString(),
});

export const smsTemplateStore: ResourceStore<typeof smsTemplateResource> = {
  async search(db, query, page) {
    const where = allOf(
      query.type ? eq(smsTemplates.type, query.type) : undefined,
      query.status === undefined ? undefined : eq(smsTemplates.status, query.status),
      keywordMatch([smsTemplates.name, smsTemplates.content], query.keyword),
    );
    const rows = await db.select({ row: smsTemplates, total: totalOver }).from(smsTemplates).where(where).orderBy(asc(smsTemplates.name)).limit(page.limit).offset(page.offset);
    return toPageResult(rows, ({ row }) => toRecord(row), page, async () => (await db.select({ n: count() }).from(smsTemplates).where(where))[0]!.n);
  },
  async find(db, id) {
    const [row] = await db.select().from(smsTemplates).where(eq(smsTemplates.id, id));
    return row && toRecord(row);
  },
  describe: (template) => ({ id: template.id, name: template.name, unitId: null }),
  async create(tx, input) {
    const [row] = await tx.insert(smsTemplates).values({ name: input.name, content: input.content, type: input.type, systemType: input.systemType }).returning({ id: smsTemplates.id });
    return { id: row!.id, name: input.name, unitId: null };
  },
  async update(tx, existing, input) {
    await tx.update(smsTemplates).set({ name: input.name, content: input.content, type: input.type, systemType: input.systemType }).where(eq(smsTemplates.id, existing.id));
  },
  async remove(tx, existing) {
    await tx.delete(smsTemplates).where(eq(smsTemplates.id, existing.id));
  },
  async setStatus(tx, existing, status) {
    await tx.update(smsTemplates).set({ status }).where(eq(smsTemplates.id, existing.id));
  },
};
