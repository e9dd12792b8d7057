import type { FastifyRequest } from 'fastify';
import { LOG_RESULT, type LOG_ACTION, type LOG_OBJECT } from '@portal/contracts';
import type { Database, Queryable, Transaction } from '../db/client.ts';
import { actionLogs } from '../db/schema/index.ts';
import type { Actor } from './actor.ts';
import { AppError } from './errors.ts';
import { uniqueViolationRefusal } from './unique-violations.ts';

export type LogObject = (typeof LOG_OBJECT)[keyof typeof LOG_OBJECT];
export type LogAction = (typeof LOG_ACTION)[keyof typeof LOG_ACTION];

export interface AuditSubject {
  object: LogObject;
  action: LogAction;
}

/** What a change tells the log about itself once it knows (the object may not exist before). */
export interface AuditDetails {
  objectId?: string | undefined;
  objectName?: string | undefined;
  /** The unit the object belongs to; the actor's unit when not given. */
  unitId?: string | null | undefined;
  content?: string | undefined;
}

const CONTENT_MAX = 4000;
/** Fields never written to the log: passwords, secrets, tokens and one-time codes (not businessCode & co.). */
const SECRET_FIELDS = /password|secret|token|^code$|^codeVerify$|^otp$|recovery/i;

/** A change's request body as log content, without secrets. */
export function describeInput(input: unknown): string {
  const json = JSON.stringify(input, (key, value: unknown) => (key && SECRET_FIELDS.test(key) ? '***' : value));
  return json.length > CONTENT_MAX ? `${json.slice(0, CONTENT_MAX - 1)}…` : json;
}

/**
 * Who an entry names: the request's actor, or the account a sign-in ceremony concerns (none
 * when it named no known account).
 */
export interface LogAuthor {
  actor: Pick<Actor, 'username' | 'unitId'> & { userId: string | null };
  ip: string;
  requestId?: string;
}

export async function writeActionLog(
  db: Queryable,
  who: LogAuthor,
  entry: AuditSubject & AuditDetails & { result: (typeof LOG_RESULT)[keyof typeof LOG_RESULT] },
): Promise<void> {
  await db.insert(actionLogs).values({
    objectCategory: entry.object,
    action: entry.action,
    result: entry.result,
    userId: who.actor.userId,
    username: who.actor.username,
    unitId: entry.unitId === undefined ? who.actor.unitId : entry.unitId,
    objectId: entry.objectId ?? null,
    objectName: entry.objectName ?? null,
    content: entry.content ?? null,
    ipAddress: who.ip,
    requestId: who.requestId ?? null,
  });
}

function reasonOf(error: unknown): string {
  return error instanceof AppError ? error.key : 'error';
}

/**
 * Runs a change in a transaction that also writes its action-log row. If the change is
 * refused or fails, nothing of it stays, and a failure row is written instead.
 */
export async function auditedChange<T>(
  db: Database,
  request: FastifyRequest,
  subject: AuditSubject,
  work: (tx: Transaction, note: (details: AuditDetails) => void, afterCommit: (effect: () => void) => void) => Promise<T>,
): Promise<T> {
  return auditedChangeBy(db, request, request.actor, subject, work);
}

/**
 * `auditedChange` for a request that has no actor (a step of the sign-in, before any token):
 * the entry names `actor`, the account the step is for.
 */
export async function auditedChangeBy<T>(
  db: Database,
  request: FastifyRequest,
  actor: LogAuthor['actor'],
  subject: AuditSubject,
  work: (tx: Transaction, note: (details: AuditDetails) => void, afterCommit: (effect: () => void) => void) => Promise<T>,
): Promise<T> {
  const details: AuditDetails = {};
  const note = (more: AuditDetails) => Object.assign(details, more);
  // Effects outside the database (telling live connections) wait until the change is kept.
  const effects: (() => void)[] = [];
  const who = { actor, ip: request.ip, requestId: request.id };
  try {
    const value = await db.transaction(async (tx) => {
      const result = await work(tx, note, (effect) => effects.push(effect));
      await writeActionLog(tx, who, { ...subject, ...details, result: LOG_RESULT.success });
      return result;
    });
    for (const effect of effects) effect();
    return value;
  } catch (caught) {
    // A clash with a unique constraint is the caller's "already exists", logged as that.
    const error = uniqueViolationRefusal(caught, request.body) ?? caught;
    await writeActionLog(db, who, { ...subject, ...details, result: LOG_RESULT.failure, content: `${reasonOf(error)} ${details.content ?? ''}`.trim() }).catch(
      (logError: unknown) => request.log.error({ err: logError }, 'could not write the failure to the action log'),
    );
    throw error;
  }
}
