import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';

/** How a sign-in attempt ended, as the sign-in counter labels it. */
export type SignInOutcome =
  | 'success'
  | 'wrong_password'
  | 'locked'
  | 'disabled'
  | 'two_factor_asked'
  | 'two_factor_failed'
  | 'refused_by_entitlement'
  /** A passkey's ceremony refused (unknown, replayed, another origin, a counter gone back …). */
  | 'passkey_failed'
  /** A right password refused: the policy asks this user for their passkey. */
  | 'passkey_required';

export interface MetricsSources {
  db: Database;
  /** The connections of this instance's database pool (PostgreSQL); absent on PGlite. */
  poolUse?: (() => { total: number; idle: number; waiting: number }) | undefined;
  /** Live connections (Socket.IO) held by this instance. */
  liveConnections: () => number;
}

export interface Metrics {
  registry: Registry;
  /** Called once per answered request: route pattern (never the URL), method, status, seconds. */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  signIn(outcome: SignInOutcome): void;
  tokenGrant(grantType: string, outcome: string): void;
}

/** Request durations in seconds: most API calls answer in 1–20 ms, sign-ins (argon2) in ~100 ms. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Each outbox's backlog (pending rows, age of the oldest) and rows by state, read from the
 * database at scrape time so every instance reports the same shared queues. A campaign is
 * waiting once its send time has come and it is not yet queued.
 */
const OUTBOX_QUERY = sql`
  select 'mail' as outbox, status::int as status, count(*)::int as rows, extract(epoch from now() - min(created_at))::float8 as oldest from mail_outbox group by status
  union all
  select 'sms', status::int, count(*)::int, extract(epoch from now() - min(created_at))::float8 from sms_outbox group by status
  union all
  select 'provisioning', status::int, count(*)::int, extract(epoch from now() - min(created_at))::float8 from provisioning_outbox group by status
  union all
  select 'campaigns', status::int, count(*)::int, extract(epoch from now() - min(send_at))::float8 from email_campaigns where status <> 1 or send_at <= now() group by status`;

/** Status codes of the outboxes: 0 pending in every table but the campaigns' (1 scheduled). */
const STATE_NAMES: Record<string, Record<number, string>> = {
  mail: { 0: 'pending', 1: 'sent', 2: 'failed', 3: 'held' },
  sms: { 0: 'pending', 1: 'sent', 2: 'failed', 3: 'held' },
  provisioning: { 0: 'pending', 1: 'delivered', 2: 'failed' },
  campaigns: { 1: 'pending', 2: 'queued', 3: 'cancelled' },
};

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  // Process CPU, memory, file descriptors, GC, and the event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const signIns = new Counter({ name: 'portal_sign_ins_total', help: 'Sign-in attempts by outcome', labelNames: ['outcome'] as const, registers: [registry] });
  const grants = new Counter({
    name: 'portal_token_grants_total',
    help: 'Token endpoint grants by grant type and outcome (success or the OAuth error)',
    labelNames: ['grant_type', 'outcome'] as const,
    registers: [registry],
  });

  const db = sources.db;
  new Gauge({
    name: 'portal_active_sessions',
    help: 'Browser sessions not yet expired (every instance: read from the database)',
    registers: [registry],
    async collect() {
      const { rows } = (await db.execute(sql`select count(*)::int as n from oidc_payloads where type = 'Session' and (expires_at is null or expires_at > now())`)) as unknown as { rows: { n: number }[] };
      this.set(rows[0]?.n ?? 0);
    },
  });
  new Gauge({ name: 'portal_live_connections', help: 'Live (Socket.IO) connections held by this instance', registers: [registry], collect() { this.set(sources.liveConnections()); } });

  // One read of the outboxes per scrape, shared by their three gauges: a scrape collects every
  // metric at once, so a gauge set by another's collect would show the previous scrape's figures.
  type OutboxState = { outbox: string; status: number; rows: number; oldest: number | null };
  let reading: Promise<OutboxState[]> | undefined;
  const readOutboxes = () =>
    (reading ??= (db.execute(OUTBOX_QUERY) as unknown as Promise<{ rows: OutboxState[] }>)
      .then((result) => result.rows)
      .finally(() => {
        reading = undefined;
      }));
  const pendingOf = (rows: OutboxState[], outbox: string) => rows.find((row) => row.outbox === outbox && STATE_NAMES[outbox]?.[row.status] === 'pending');
  new Gauge({
    name: 'portal_outbox_depth',
    help: 'Rows waiting for delivery, by outbox',
    labelNames: ['outbox'] as const,
    registers: [registry],
    async collect() {
      const rows = await readOutboxes();
      for (const outbox of Object.keys(STATE_NAMES)) this.set({ outbox }, pendingOf(rows, outbox)?.rows ?? 0);
    },
  });
  new Gauge({
    name: 'portal_outbox_oldest_age_seconds',
    help: 'Age of the oldest waiting row, by outbox (0 when empty)',
    labelNames: ['outbox'] as const,
    registers: [registry],
    async collect() {
      const rows = await readOutboxes();
      for (const outbox of Object.keys(STATE_NAMES)) this.set({ outbox }, Math.max(0, pendingOf(rows, outbox)?.oldest ?? 0));
    },
  });
  new Gauge({
    name: 'portal_outbox_rows',
    help: 'Rows of each outbox by state: deliveries by outcome (sent/delivered, failed, held, pending)',
    labelNames: ['outbox', 'state'] as const,
    registers: [registry],
    async collect() {
      const rows = await readOutboxes();
      this.reset();
      for (const row of rows) this.set({ outbox: row.outbox, state: STATE_NAMES[row.outbox]?.[row.status] ?? String(row.status) }, row.rows);
    },
  });

  const poolUse = sources.poolUse;
  if (poolUse) {
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'Database pool connections by state (in_use, idle, waiting requests)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'in_use' }, use.total - use.idle);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }

  // One child per (route, method, status), kept: the request path allocates nothing once warm.
  const children = new Map<string, ReturnType<typeof duration.labels>>();
  return {
    registry,
    observeRequest(route, method, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = duration.labels(route, method, String(status));
        children.set(key, child);
      }
      child.observe(seconds);
    },
    signIn: (outcome) => signIns.inc({ outcome }),
    tokenGrant: (grantType, outcome) => grants.inc({ grant_type: grantType, outcome }),
  };
}
