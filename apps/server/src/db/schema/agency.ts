import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, status, timestamptz, updatedAt } from './columns.ts';

/**
 * Agencies (resellers): the third tier of tenancy. Units they brought, their users and their
 * roles point here (units.agency_id, users.agency_id, roles.agency_id).
 */
export const agencies = pgTable(
  'agencies',
  {
    id: id(),
    name: text().notNull(),
    code: text().notNull(),
    contactName: text(),
    contactEmail: text(),
    contactPhone: text(),
    address: text(),
    taxCode: text(),
    status: status(),
    /** Commission in hundredths of a percent (1250 = 12.50 %): exact, no float drift. */
    commissionBasisPoints: integer().notNull().default(0),
    commissionBasis: text({ enum: ['FIRST_PAYMENT', 'RECURRING'] }).notNull().default('FIRST_PAYMENT'),
    contractStartDate: timestamptz(),
    contractEndDate: timestamptz(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('agencies_code_key').on(sql`lower(${t.code})`)],
);
