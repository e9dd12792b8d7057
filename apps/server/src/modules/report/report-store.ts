import type { z } from 'zod';
import type { PageResult, ReportChart, ReportContract } from '@portal/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { ResourceStore } from '../../platform/resource/register.ts';
import { isPlatform, type Scope } from '../../platform/resource/scope.ts';
import type { SearchPage } from '../../platform/resource/search.ts';

/** What a report's query is given: its filters, with the unit already narrowed to the caller's reach. */
export interface ReportRead<Q> {
  db: Queryable;
  query: Q;
  /** The unit the figures are about: the caller's own for a unit's user, the one asked for (or all) for platform staff. */
  unit: string | undefined;
  page: SearchPage;
  clock: Clock;
}

/**
 * The server half of one report: its rows (a page, and the total) and the chart of every
 * matching row. Both read the pre-aggregated counters or small catalogue tables, never raw sign-ins.
 */
export interface ReportQuery<C extends ReportContract> {
  rows(read: ReportRead<z.output<C['search']>>): Promise<PageResult<z.output<C['record']>>>;
  chart(read: ReportRead<z.output<C['search']>>): Promise<ReportChart>;
}

/** The page of a list computed whole (rows bounded by the period and the catalogue). */
export function pageOfRows<T>(rows: T[], page: SearchPage): PageResult<T> {
  return { records: rows.slice(page.offset, page.offset + page.limit), totalRecord: rows.length };
}

const nothing = { records: [], totalRecord: 0, chart: { kind: 'bars', labels: [], series: [] } } as const;

/**
 * A report as a resource store: the generic search route (paging, export on sheet "Report",
 * the report permission) serves it. An agency's user reaches no unit's figures.
 */
export function reportStore<C extends ReportContract>(query: ReportQuery<C>, clock: Clock): ResourceStore<C> {
  return {
    async search(db, filters, page, scope: Scope) {
      if (!isPlatform(scope) && scope.unitId === null) return nothing as never;
      const unit = scope.unitId ?? (filters as { unitId?: string }).unitId;
      const read = { db, query: filters, unit, page, clock };
      const [rows, chart] = await Promise.all([query.rows(read), query.chart(read)]);
      return { ...rows, chart } as PageResult<z.output<C['record']>>;
    },
    // A report's rows are figures: nothing to fetch one by one.
    find: async () => undefined,
    describe: () => {
      throw new Error('a report has no objects');
    },
  };
}
