import { z } from 'zod';
import type { LOG_OBJECT } from '../constants.ts';
import type { PermissionName } from '../catalogue/permissions.ts';

/**
 * The resource pattern, contract half: what server and SPA agree on for one entity —
 * its schemas, the paths of its standard calls, the permission of each action, its
 * action-log category and its export columns. The server adds the table and the queries
 * (apps/server/src/platform/resource), the SPA the columns and the form
 * (apps/web/src/shared/resource). See docs/resource-pattern.md.
 */
export type ResourceOperation = 'search' | 'get' | 'create' | 'update' | 'save' | 'delete' | 'status';

/** Does the call's path carry the record's id (`…/:id`)? Otherwise the id travels as `?id=`. */
export function pathTakesId(template: string): boolean {
  return template.includes(':id');
}

/** The address of one record's call: the id in the path where it names `:id`, else as `?id=`. */
export function recordPath(template: string, id: string): string {
  const encoded = encodeURIComponent(id);
  return pathTakesId(template) ? template.replace(':id', encoded) : `${template}?id=${encoded}`;
}

export interface ExportColumn {
  /** Field of the record. */
  key: string;
  header: { vi: string; en: string };
  /** Column width: 20 (default) or 40 for long text. */
  wide?: boolean;
  format?: 'date' | 'datetime' | 'status' | 'boolean';
}

export interface ResourceContract<
  R extends z.ZodObject = z.ZodObject,
  S extends z.ZodObject = z.ZodObject,
  Q extends z.ZodObject = z.ZodObject,
  C extends z.ZodObject = S,
  E extends z.ZodRawShape = z.ZodRawShape,
  X extends z.ZodRawShape = z.ZodRawShape,
> {
  /** The specification's name of the entity at the wire (Unit, Role …). */
  name: string;
  record: R;
  /** Body of update (and of a combined add/update call, where `id` present means update). */
  save: S;
  /** Body of create, when it differs from update. */
  create?: C;
  /** Body of search: paging, keyword and the entity's filters. */
  search: Q;
  /** Paths under /api of the standard calls the entity offers; a delete path without `:id` takes `?id=`. */
  paths: Partial<Record<ResourceOperation, string>>;
  permissions: {
    search: PermissionName;
    get: PermissionName;
    create?: PermissionName;
    update?: PermissionName;
    delete?: PermissionName;
    status?: PermissionName;
  };
  /** Status values the entity accepts in its change-status call. */
  statuses: readonly number[];
  /** Action-log object category (specification, section 3); a read-only resource has none. */
  logObject?: (typeof LOG_OBJECT)[keyof typeof LOG_OBJECT];
  exportColumns: readonly ExportColumn[];
  /** Create answers the saved record too, nested under `result` (the specification's CreateChannel). */
  createAnswersRecord?: boolean;
  /** Fields the search reply carries beside the page (a report's chart of every matching row). */
  searchExtra?: E;
  /** Fields a create, update or add/update reply carries beside the id (the app's refusal of an app user). */
  savedExtra?: X;
}

/** Features whose permissions are the standard six (list, view, add, edit, delete, change status). */
type ListedFeature<P> = P extends `${infer F}_LIST` ? F : never;
export type StandardFeature = {
  [F in ListedFeature<PermissionName>]: `${F}_VIEW` | `${F}_ADD` | `${F}_EDIT` | `${F}_DELETE` | `${F}_UPDATESTATUS` extends PermissionName ? F : never;
}[ListedFeature<PermissionName>];

/** The permissions of a resource's standard calls, from its feature: UNIT_ENTERPRISE → UNIT_ENTERPRISE_LIST … */
export function standardPermissions<F extends StandardFeature>(feature: F) {
  return {
    search: `${feature}_LIST`,
    get: `${feature}_VIEW`,
    create: `${feature}_ADD`,
    update: `${feature}_EDIT`,
    delete: `${feature}_DELETE`,
    status: `${feature}_UPDATESTATUS`,
  } as Required<ResourceContract['permissions']>;
}

/** The fields a contract's replies carry beside the page or the id, when it names none. */
type NoExtra = Record<never, z.ZodType>;

export function defineResource<
  R extends z.ZodObject,
  S extends z.ZodObject,
  Q extends z.ZodObject,
  C extends z.ZodObject = S,
  E extends z.ZodRawShape = NoExtra,
  X extends z.ZodRawShape = NoExtra,
>(contract: ResourceContract<R, S, Q, C, E, X>): ResourceContract<R, S, Q, C, E, X> {
  return contract;
}

export const statusChangeSchema = z.strictObject({
  id: z.uuid(),
  status: z.number().int(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** What create/update/save answer: the id of the saved object. */
export const savedSchema = z.object({ id: z.uuid() });
export type Saved = z.infer<typeof savedSchema>;

/**
 * The body of an update that also takes back the record a get call answered: clients load an
 * object, change one field and send it all back. The record's fields the update does not
 * define (ids of others, joined names, counts …) are read-only: checked against the record's
 * own types, then dropped, never applied. A key of neither schema is still refused by name.
 */
export function acceptingRecord<S extends z.ZodObject>(save: S, record: z.ZodObject): z.ZodType<z.output<S>, z.input<S>> {
  const readOnly = Object.keys(record.shape).filter((key) => !(key in save.shape));
  if (readOnly.length === 0) return save as unknown as z.ZodType<z.output<S>, z.input<S>>;
  const shape = Object.fromEntries(readOnly.map((key) => [key, record.shape[key]!.readonly().optional()]));
  return save.safeExtend(shape).transform((value) => {
    const kept: Record<string, unknown> = { ...value };
    for (const key of readOnly) delete kept[key];
    return kept as z.output<S>;
  }) as unknown as z.ZodType<z.output<S>, z.input<S>>;
}
