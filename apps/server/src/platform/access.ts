import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOG_RESULT, STATUS, USER_STATUS, type CallAccess, type ResourceOperation } from '@portal/contracts';
import type { Database } from '../db/client.ts';
import type { Actor, ActorLoader, ActorRecord } from './actor.ts';
import { writeActionLog, type AuditSubject } from './audit.ts';
import { forbidden, unauthorized } from './errors.ts';

/**
 * What a route needs: nothing, a signed-in user, a service app proving itself with its own
 * client credentials ('service-app', never a user's token), or a permission of the catalogue
 * (with a list, any one of them; the handler then checks the one its operation needs).
 */
export type Access = CallAccess;
/** What a user's token may open: every access but the public one and the service apps'. */
export type UserAccess = Exclude<Access, 'public' | 'service-app'>;

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  /** For the standard calls of a resource: which resource and operation. */
  resource?: { name: string; operation: ResourceOperation } | undefined;
}

/** Does the actor hold what `access` asks for? */
export function holds(actor: Actor, access: UserAccess): boolean {
  if (access === 'signed-in') return true;
  if (typeof access === 'string') return actor.permissions.has(access);
  return access.some((permission) => actor.permissions.has(permission));
}

/** A service app calling with its own client credentials ('service-app' routes). */
export interface AppCaller {
  /** The client id: the service's code. */
  clientId: string;
  name: string;
}

/** Says which service app is calling, from the request's credentials; undefined when they are missing or wrong. */
export type AppAuthenticator = (request: FastifyRequest) => Promise<AppCaller | undefined>;

/** Says whether the provider grant a token was issued under still lives (sign-outs end grants). */
export type GrantCheck = (grantId: string) => Promise<boolean>;

/** Checks an access token and says whose it is; undefined when it is not valid. */
export type TokenVerifier = (token: string) => Promise<AccessTokenClaims | undefined>;

export interface AccessTokenClaims {
  subject: string;
  /** When the token was issued, in milliseconds. */
  issuedAtMs: number;
  /** The provider grant the token belongs to: one per signed-in browser and client. */
  grantId: string | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** What a refusal of this route is logged as. */
    audit?: AuditSubject;
    resource?: { name: string; operation: ResourceOperation };
  }
  interface FastifyRequest {
    /** The caller; only on routes whose access is not 'public'. */
    actor: Actor;
    /** The caller with their user and unit rows, as loaded for `actor`. */
    actorRecord: ActorRecord;
    /** The verified access token of the caller; only on routes a user's token opens. */
    tokenClaims: AccessTokenClaims;
    /** The service app calling; only on 'service-app' routes. */
    appCaller: AppCaller;
  }
  interface FastifyInstance {
    /** Every API route with the access it declared (the permission matrix is built from it). */
    routeTable: RouteEntry[];
  }
}


/** Where the OpenAPI document and its viewer live; readable by anyone. */
export const API_DOCS_PATH = '/api/docs';

/**
 * A verified token still speaks for its user while the user (and their agency, for an agency's
 * user) is active and the token was issued after the user's tokens_valid_after (password change
 * or reset).
 */
export function isTokenStillValid(record: ActorRecord, claims: AccessTokenClaims): boolean {
  const validAfter = record.user.tokensValidAfter;
  const agencyActive = record.agency === null || record.agency.status === STATUS.active;
  return record.user.status === USER_STATUS.active && agencyActive && !(validAfter && claims.issuedAtMs < validAfter.getTime());
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

/**
 * Makes every /api route declare its access and enforces it before the body is even read (who
 * the caller is comes before what they sent): no or bad token, or bad app credentials → 401,
 * missing permission → 403.
 */
export function registerAccessControl(
  app: FastifyInstance,
  deps: { db: Database; verifyToken: TokenVerifier; grantAlive: GrantCheck; loadActor: ActorLoader; authenticateApp: AppAuthenticator },
): void {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  // Resolved actors, by request; a request that never authenticated has none.
  const resolved = new WeakMap<FastifyRequest, ActorRecord>();
  const tokens = new WeakMap<FastifyRequest, AccessTokenClaims>();
  const appCallers = new WeakMap<FastifyRequest, AppCaller>();
  app.decorateRequest('appCaller', {
    getter(this: FastifyRequest) {
      const caller = appCallers.get(this);
      if (!caller) throw new Error(`no service app on ${this.method} ${this.url}: the route's access is not 'service-app'`);
      return caller;
    },
  });
  app.decorateRequest('tokenClaims', {
    getter(this: FastifyRequest) {
      const claims = tokens.get(this);
      if (!claims) throw new Error(`no token on ${this.method} ${this.url}: the route's access is 'public'`);
      return claims;
    },
  });
  app.decorateRequest('actorRecord', {
    getter(this: FastifyRequest) {
      const record = resolved.get(this);
      if (!record) throw new Error(`no actor on ${this.method} ${this.url}: the route's access is 'public'`);
      return record;
    },
  });
  app.decorateRequest('actor', {
    getter(this: FastifyRequest) {
      return this.actorRecord.actor;
    },
  });

  async function authenticate(request: FastifyRequest, access: UserAccess, audit?: AuditSubject): Promise<void> {
    const token = bearerToken(request);
    const claims = token ? await deps.verifyToken(token) : undefined;
    // A token of a session that ended (its grant revoked) no longer speaks, on any instance.
    if (!claims?.grantId || !(await deps.grantAlive(claims.grantId))) throw unauthorized();
    const record = await deps.loadActor(claims.subject);
    if (!record || !isTokenStillValid(record, claims)) throw unauthorized();
    resolved.set(request, record);
    tokens.set(request, claims);
    if (!holds(record.actor, access)) {
      if (audit) await writeActionLog(deps.db, { actor: record.actor, ip: request.ip, requestId: request.id }, { ...audit, result: LOG_RESULT.failure, content: 'request.forbidden' });
      throw forbidden();
    }
  }

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
    const access = route.config?.access ?? (route.url.startsWith(API_DOCS_PATH) ? 'public' : undefined);
    if (!access) throw new Error(`${String(route.method)} ${route.url} must declare config.access`);
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, access, resource: route.config?.resource });
    if (access === 'public') return;
    const audit = route.config?.audit;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    const check =
      access === 'service-app'
        ? async (request: FastifyRequest) => {
            const caller = await deps.authenticateApp(request);
            if (!caller) throw unauthorized();
            appCallers.set(request, caller);
          }
        : async (request: FastifyRequest) => authenticate(request, access, audit);
    route.onRequest = [check, ...existing];
  });
}
