import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@portal/contracts';
import { signInActor, type TestActor } from '../../test/actors.ts';
import { DATABASE_KINDS } from '../../test/databases.ts';
import { contractOf, ResourceFixtures } from '../../test/resource-fixtures.ts';
import { sampleFor, uniqueSuffix } from '../../test/samples.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { emailTemplates } from '../db/schema/index.ts';
import { UNIQUE_REFUSALS } from './unique-violations.ts';

const AT_ONCE = 8;

/** The codes of the catalogue's "already exists" refusals the table maps to. */
const EXISTS_CODES = new Set<number>(Object.values(UNIQUE_REFUSALS).map((refusal) => ERROR_CATALOGUE[refusal.key].code));

describe.each(DATABASE_KINDS)('unique values on %s', (kind) => {
  let t: TestApp;
  let admin: TestActor;
  let fixtures: ResourceFixtures;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signInActor(t, 'platformAdmin');
    fixtures = await ResourceFixtures.create(t, admin.headers);
  });
  afterAll(() => t.close());

  it('every unique constraint and index of the schema has its refusal, and the table names no other', async () => {
    const { rows } = (await t.database.db.execute(sql`
      select conname as name from pg_constraint
        where connamespace = 'public'::regnamespace and contype in ('u', 'p')
          -- a generated uuid key cannot clash
          and not (contype = 'p' and array_length(conkey, 1) = 1 and (select attname from pg_attribute where attrelid = conrelid and attnum = conkey[1]) = 'id')
      union
      select indexname from pg_indexes where schemaname = 'public' and indexdef like 'CREATE UNIQUE INDEX%'
        and indexname not in (select conname from pg_constraint where connamespace = 'public'::regnamespace)`)) as unknown as { rows: { name: string }[] };
    expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(UNIQUE_REFUSALS).sort());
  });

  /**
   * Creates that must each clash with the others: the same code (or name, value, key) eight
   * times at once. On PostgreSQL they run in parallel transactions, which a check before the
   * insert cannot keep apart; PGlite runs them one after another.
   */
  const clashing: [string, () => Promise<{ path: string; body: Record<string, unknown> }>][] = [
    ...['Agency', 'Channel', 'Category', 'ConfigData', 'ConfigDataDefault', 'BlackList', 'BlackListSubdomain', 'ExceptionBlackList', 'AppRole', 'AppProfile', 'AppUserGroup', 'Unit', 'UnitUser', 'AdminAccount', 'AgencyUser', 'AgencyUnit'].map(
      (resource): [string, () => Promise<{ path: string; body: Record<string, unknown> }>] => [
        resource,
        async () => {
          const contract = contractOf(resource);
          return { path: (contract.paths.create ?? contract.paths.save)!, body: sampleFor(resource)!.create(fixtures.context, uniqueSuffix()) as Record<string, unknown> };
        },
      ],
    ),
    ['TemplateSms (system type)', async () => ({ path: contractOf('TemplateSms').paths.save!, body: { ...sampleFor('TemplateSms')!.create(fixtures.context), systemType: 'accountLocked' } })],
    [
      'EmailTemplate (system type and language)',
      async () => {
        // Every type has its template from the seed: one is taken away, so exactly one create can take its place.
        const [seeded] = await t.database.db.select().from(emailTemplates).where(and(eq(emailTemplates.systemType, 'accountCreated'), eq(emailTemplates.language, 'en')));
        await t.database.db.delete(emailTemplates).where(eq(emailTemplates.id, seeded!.id));
        return { path: contractOf('EmailTemplate').paths.save!, body: { name: 'New account', systemType: 'accountCreated', language: 'en', subject: seeded!.subject, content: seeded!.content } };
      },
    ],
    ['IntegrateDefault (one per service)', async () => ({ path: contractOf('IntegrateDefault').paths.create!, body: { ...sampleFor('IntegrateDefault')!.create(fixtures.context), serviceId: (await fixtures.fresh('Channel')).id } })],
    ['Integrate (one per service and unit)', async () => ({ path: contractOf('Integrate').paths.create!, body: { ...sampleFor('Integrate')!.create(fixtures.context), serviceId: (await fixtures.fresh('Channel')).id } })],
    ['UnitChannel (one per unit and service)', async () => ({ path: contractOf('UnitChannel').paths.save!, body: { ...sampleFor('UnitChannel')!.create(fixtures.context), serviceId: (await fixtures.fresh('Channel')).id } })],
    ['AppUser (one per user and service)', async () => ({ path: contractOf('AppUser').paths.save!, body: { serviceId: fixtures.context.serviceId, userId: (await fixtures.fresh('UnitUser')).id } })],
  ];

  it.each(clashing)(`${AT_ONCE} creates of one %s at once: one is made, the others are refused as already existing, none fails`, async (_what, build) => {
    const { path, body } = await build();
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => t.app.inject({ method: 'POST', url: `/api${path}`, headers: admin.headers, payload: body })));
    const outcomes = answers.map((answer) => ({ status: answer.statusCode, ...(answer.json() as { success: boolean; errorCode?: number; errors?: { field: string; message: string }[] }) }));
    expect(outcomes.filter((outcome) => outcome.success)).toHaveLength(1);
    const refused = outcomes.filter((outcome) => !outcome.success);
    expect(refused.map((outcome) => [outcome.status, EXISTS_CODES.has(outcome.errorCode!), outcome.errors?.[0]?.message])).toEqual(refused.map(() => [200, true, 'already_exists']));
  });
});
