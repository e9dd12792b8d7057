import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptingRecord,
  envelopeSchema,
  idParamSchema,
  LOG_ACTION,
  pageResultSchema,
  pathTakesId,
  savedSchema,
  statusChangeSchema,
  type PageResult,
  type PermissionName,
  type ResourceContract,
  type ResourceOperation,
} from '@portal/contracts';
import type { AppContext } from '../../app-context.ts';
import type { Queryable, Transaction } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import { auditedChange, describeInput, type AuditDetails, type LogAction } from '../audit.ts';
import { ok } from '../envelope.ts';
import { AppError, forbidden, notFound } from '../errors.ts';
import { languageOf } from '../language.ts';
import { xlsxStream } from './export-xlsx.ts';
import { scopeOf, type Scope } from './scope.ts';
import { EXPORT_PAGE, pageOf, type SearchPage } from './search.ts';

type Out<T extends z.ZodType> = z.output<T>;

/** What a store's writes are given: who asks, within which scope, and a way to tell the log. */
export interface Operation {
  request: FastifyRequest;
  actor: Actor;
  scope: Scope;
  app: AppContext;
  note: (details: AuditDetails) => void;
  /** Runs `effect` once the change has committed (e.g. telling live connections their session ended). */
  afterCommit: (effect: () => void) => void;
}

/** The object a change was about, for the action log. */
export interface Described {
  id: string;
  name: string;
  /** The unit the object belongs to; null for platform-wide objects. */
  unitId: string | null;
}

/**
 * The resource pattern, server half: how one entity is stored. Reads take the caller's
 * scope, and the generic routes fetch the object through `find(scope)` before any write,
 * so a write only ever sees an object the caller may reach.
 */
export interface ResourceStore<C extends ResourceContract> {
  search(db: Queryable, query: Out<C['search']>, page: SearchPage, scope: Scope): Promise<PageResult<Out<C['record']>>>;
  find(db: Queryable, id: string, scope: Scope): Promise<Out<C['record']> | undefined>;
  describe(record: Out<C['record']>): Described;
  create?(tx: Transaction, input: Out<NonNullable<C['create']>>, op: Operation): Promise<Described>;
  update?(tx: Transaction, existing: Out<C['record']>, input: Out<C['save']>, op: Operation): Promise<void>;
  remove?(tx: Transaction, existing: Out<C['record']>, op: Operation): Promise<void>;
  setStatus?(tx: Transaction, existing: Out<C['record']>, status: number, op: Operation): Promise<void>;
  /** What a create or update reply says beside the id, once the change is committed (the contract's `savedExtra`). */
  answerSaved?(id: string, scope: Scope): Promise<Record<string, unknown>>;
}

function requirePermission(actor: Actor, permission: PermissionName | undefined): void {
  if (!permission || !actor.permissions.has(permission)) throw forbidden();
}

/**
 * Registers the standard calls a contract names (search with export, get, create, update or
 * add/update, delete, change status), each with its permission, its validation from the
 * contract and, for changes, an action-log row in the same transaction.
 */
export function registerResource<C extends ResourceContract>(app: FastifyInstance, ctx: AppContext, contract: C, store: ResourceStore<C>): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { paths, permissions } = contract;
  const tags = [contract.name];
  const logObject = contract.logObject;
  const writes = Boolean(paths.create || paths.update || paths.save || paths.delete || paths.status);
  if (writes && logObject === undefined) throw new Error(`${contract.name}: a resource that changes data needs a logObject`);
  const config = (operation: ResourceOperation, access: PermissionName | readonly PermissionName[], action?: LogAction) => ({
    access,
    resource: { name: contract.name, operation },
    ...(action === undefined || logObject === undefined ? {} : { audit: { object: logObject, action } }),
  });

  async function existing(db: Queryable, request: FastifyRequest, id: string): Promise<Out<C['record']>> {
    const found = await store.find(db, id, scopeOf(request.actor));
    if (!found) throw notFound();
    return found;
  }

  function change<T>(request: FastifyRequest, action: LogAction, work: (tx: Transaction, op: Operation) => Promise<T>): Promise<T> {
    return auditedChange(ctx.db, request, { object: logObject!, action }, (tx, note, afterCommit) =>
      work(tx, { request, actor: request.actor, scope: scopeOf(request.actor), app: ctx, note, afterCommit }),
    );
  }

  function noteObject(op: Operation, described: Described, input?: unknown): void {
    op.note({ objectId: described.id, objectName: described.name, unitId: described.unitId, content: input === undefined ? undefined : describeInput(input) });
  }

  if (paths.search) {
    routes.post(
      `/api${paths.search}`,
      {
        config: config('search', permissions.search),
        schema: { tags, body: contract.search, response: { 200: envelopeSchema(pageResultSchema(contract.record).extend(contract.searchExtra ?? {})) } },
      },
      async (request, reply: FastifyReply) => {
        const query = request.body as Out<C['search']> & { isExport?: boolean };
        const scope = scopeOf(request.actor);
        if (!query.isExport) return ok(await store.search(ctx.db, query, pageOf(query as never), scope));
        // Data export is a per-account option on top of the list permission.
        if (!request.actor.allowExport) throw forbidden();
        const { records } = await store.search(ctx.db, query, EXPORT_PAGE, scope);
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="${contract.name}.xlsx"`)
          .send(xlsxStream(contract.exportColumns, records as Record<string, unknown>[], languageOf(request)));
      },
    );
  }

  if (paths.get) {
    routes.get(
      `/api${paths.get}`,
      {
        config: config('get', permissions.get),
        schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(contract.record) } },
      },
      async (request) => ok(await existing(ctx.db, request, request.params.id)),
    );
  }

  const create = store.create?.bind(store);
  const update = store.update?.bind(store);

  // A combined add/update route lets in holders of either permission; the exact one is checked
  // inside the audited change, so a refusal is logged like any other.
  async function createFrom(request: FastifyRequest, input: unknown, permission?: PermissionName) {
    if (!create) throw new AppError('request.not_found');
    return change(request, LOG_ACTION.add, async (tx, op) => {
      if (permission) requirePermission(request.actor, permission);
      // Said before the object exists, so that a refused add still records what was tried.
      op.note({ content: describeInput(input) });
      const described = await create(tx, input as Out<NonNullable<C['create']>>, op);
      noteObject(op, described, input);
      if (!contract.createAnswersRecord) return { id: described.id };
      return { id: described.id, result: await existing(tx, request, described.id) };
    });
  }

  async function updateFrom(request: FastifyRequest, input: Out<C['save']> & { id: string }, permission?: PermissionName) {
    if (!update) throw new AppError('request.not_found');
    return change(request, LOG_ACTION.edit, async (tx, op) => {
      if (permission) requirePermission(request.actor, permission);
      const found = await existing(tx, request, input.id);
      noteObject(op, store.describe(found), input);
      await update(tx, found, input, op);
      return { id: input.id };
    });
  }

  const saved = savedSchema.extend(contract.savedExtra ?? {});
  const savedResponse = { 200: envelopeSchema(saved) };
  const createdResponse = contract.createAnswersRecord ? { 200: envelopeSchema(saved.extend({ result: contract.record })) } : savedResponse;
  // The store's word on a committed change, beside its id.
  const answer = async <T extends { id: string }>(request: FastifyRequest, reply: T) =>
    store.answerSaved ? { ...reply, ...(await store.answerSaved(reply.id, scopeOf(request.actor))) } : reply;
  // An edit takes back the record as the get call answered it (read-only fields ignored).
  const saveBody = acceptingRecord(contract.save, contract.record);
  if (paths.create && permissions.create) {
    routes.post(
      `/api${paths.create}`,
      { config: config('create', permissions.create, LOG_ACTION.add), schema: { tags, body: contract.create ?? contract.save, response: createdResponse } },
      async (request) => ok(await answer(request, await createFrom(request, request.body))),
    );
  }
  if (paths.update && permissions.update) {
    routes.post(
      `/api${paths.update}`,
      { config: config('update', permissions.update, LOG_ACTION.edit), schema: { tags, body: saveBody, response: savedResponse } },
      async (request) => ok(await answer(request, await updateFrom(request, request.body as Out<C['save']> & { id: string }))),
    );
  }
  if (paths.save && permissions.create && permissions.update) {
    // One call for both: without an id it adds, with one it edits; each needs its own permission.
    routes.post(
      `/api${paths.save}`,
      {
        config: config('save', [permissions.create, permissions.update], LOG_ACTION.edit),
        schema: { tags, body: saveBody, response: savedResponse },
      },
      async (request) => {
        const input = request.body as Out<C['save']> & { id?: string | null };
        if (input.id) return ok(await answer(request, await updateFrom(request, input as Out<C['save']> & { id: string }, permissions.update)));
        return ok(await answer(request, await createFrom(request, input, permissions.create)));
      },
    );
  }

  if (paths.delete && permissions.delete && store.remove) {
    const remove = store.remove.bind(store);
    // The id is a path parameter, or the query's `id` when the path names none (DeleteChannel?id=).
    const idIn = pathTakesId(paths.delete) ? 'params' : 'querystring';
    routes.delete(
      `/api${paths.delete}`,
      {
        config: config('delete', permissions.delete, LOG_ACTION.delete),
        schema: { tags, [idIn]: idParamSchema, response: { 200: envelopeSchema(z.boolean()) } },
      },
      async (request) =>
        ok(
          await change(request, LOG_ACTION.delete, async (tx, op) => {
            const { id } = (idIn === 'params' ? request.params : request.query) as { id: string };
            const found = await existing(tx, request, id);
            // The row outlives the object: it keeps what was deleted.
            noteObject(op, store.describe(found), found);
            await remove(tx, found, op);
            return true;
          }),
        ),
    );
  }

  if (paths.status && permissions.status && store.setStatus) {
    const setStatus = store.setStatus.bind(store);
    const allowed = contract.statuses;
    const body = statusChangeSchema.refine((value) => allowed.includes(value.status), {
      path: ['status'],
      message: `status must be one of ${allowed.join(', ')}`,
    });
    routes.post(
      `/api${paths.status}`,
      {
        config: config('status', permissions.status, LOG_ACTION.changeStatus),
        schema: { tags, body, response: { 200: envelopeSchema(z.boolean()) } },
      },
      async (request) =>
        ok(
          await change(request, LOG_ACTION.changeStatus, async (tx, op) => {
            const found = await existing(tx, request, request.body.id);
            noteObject(op, store.describe(found), request.body);
            await setStatus(tx, found, request.body.status, op);
            return true;
          }),
        ),
    );
  }
}
