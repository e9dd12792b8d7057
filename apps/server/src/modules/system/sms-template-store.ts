import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { SMS_OUTBOX_STATUS, SMS_SYSTEM_TYPES, TEMPLATE_VARIABLE_PATTERN, type SmsTemplateRecord, type smsTemplateResource, type SmsTemplateSortField } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import { smsOutbox, smsTemplates } from '../../db/schema/index.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { allOf, keywordMatch, sortedBy, totalOver, toPageResult, type SearchPage } from '../../platform/resource/search.ts';

/** SMS templates (tens): by name without case, type, last change or status. */
const SMS_TEMPLATE_SORT = { name: sql`lower(${smsTemplates.name})`, type: smsTemplates.type, updatedAt: smsTemplates.updatedAt, status: smsTemplates.status } satisfies Record<SmsTemplateSortField, unknown>;

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
    const rows = await db.select({ row: smsTemplates, total: totalOver }).from(smsTemplates).where(where).orderBy(...sortedBy(query.sort, SMS_TEMPLATE_SORT, smsTemplates.id, [asc(smsTemplates.name)])).limit(page.limit).offset(page.offset);
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

/** Values a test message fills each variable with. */
const SAMPLE_VALUES: Record<string, string> = { code: '123456', minutes: '10', username: 'nguyen.van.an', password: 'Mau#Pass2026' };

/** A template's text with sample values in the variables its kind offers (a test message); other variables stay as written. */
export function sampleText(template: SmsTemplateRecord): string {
  const offered: readonly string[] = template.systemType ? SMS_SYSTEM_TYPES[template.systemType].variables : [];
  return template.content.replace(TEMPLATE_VARIABLE_PATTERN, (whole, name: string) => (offered.includes(name) ? (SAMPLE_VALUES[name] ?? whole) : whole));
}

/** A page of the SMS outbox, newest first, by status. */
export async function searchSmsOutbox(db: Queryable, status: number | undefined, page: SearchPage) {
  const where = status === undefined ? undefined : eq(smsOutbox.status, status);
  const rows = await db.select({ row: smsOutbox, total: totalOver }).from(smsOutbox).where(where).orderBy(desc(smsOutbox.seq)).limit(page.limit).offset(page.offset);
  return toPageResult(
    rows,
    ({ row }) => ({
      id: row.id,
      kind: row.kind,
      phone: row.phone,
      // Codes and passwords travel in SMS: only a held message (no gateway, development) is shown in full.
      body: row.status === SMS_OUTBOX_STATUS.held ? row.body : '',
      encoding: row.encoding,
      segments: row.segments,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    }),
    page,
    async () => (await db.select({ n: count() }).from(smsOutbox).where(where))[0]!.n,
  );
}
