import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agencies } from './agency.ts';
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
    /** The agency that brought the unit; the unit stays when the agency goes. */
    agencyId: uuid().references(() => agencies.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('units_tenant_id_key').on(sql`lower(${t.tenantId})`),
    uniqueIndex('units_business_code_key').on(t.businessCode),
    index('units_agency_id_idx').on(t.agencyId),
  ],
);
