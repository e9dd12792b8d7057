import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, status, timestamptz, updatedAt } from './columns.ts';

/** Tenants: the enterprises that subscribe to the suite's services. */
export const units = pgTable(
  'units',
  {
    id: id(),
    name: text().notNull(),
    businessCode: text(),
    numberOfEmployees: text(),
    shortName: text(),
    address: text(),
    tenantId: text().notNull(),
    status: status(),
    isTrial: boolean().notNull().default(false),
    expiryDate: timestamptz(),
    registrationDate: timestamptz().notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('units_tenant_id_key').on(sql`lower(${t.tenantId})`),
    uniqueIndex('units_business_code_key').on(t.businessCode),
  ],
);
