import { isStrongPassword, PASSWORD_SPECIALS } from '@portal/contracts';
import ipaddr from 'ipaddr.js';

/** OUTBOUND_ALLOWED_HOSTS read: host names (`*.` for a domain's hosts, lower case) and networks (CIDR). */
export interface OutboundAllowance {
  hosts: readonly string[];
  networks: readonly string[];
}

/** Typed, validated configuration read once from the environment at start-up. */
export interface Config {
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** The HTTP SMS gateway messages are posted to; without it SMS wait in the development outbox. */
  smsGatewayUrl: string | undefined;
  admin: { username: string; password: string | undefined; email: string };
  demoData: boolean;
  /** Where units learn to use the services; sent by "send learning account info". */
  elearningUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Encrypts the service apps' credentials: 32 bytes, base64; else generated into DATA_DIR on first use. */
  integrationKey: Buffer | undefined;
  /**
   * Which peers may say who the client is (X-Forwarded-For): the load balancers' addresses or
   * networks, or true for any. Anyone else's X-Forwarded-For is ignored, so it cannot
   * dodge the per-address limits.
   */
  trustProxy: string | boolean;
  /** A client must have sent its whole request within this time (slow clients hold no socket longer). */
  requestTimeoutMs: number;
  /**
   * Private hosts and networks the portal may call on an administrator's say (SCIM, back-channel
   * logout) for apps on premises; every other loopback, private or link-local address is refused.
   */
  outboundAllowed: OutboundAllowance;
  /** Prometheus metrics: on the public port only for this bearer token (never anonymously there). */
  metricsToken: string | undefined;
  /** A separate listener for /metrics (no token asked), on METRICS_HOST (127.0.0.1 by default). */
  metricsPort: number | undefined;
  metricsHost: string;
  /** On SIGTERM, how long requests in flight may take to finish before the process exits anyway. */
  shutdownGraceMs: number;
  /**
   * On SIGTERM, how long the instance keeps serving with readiness failing before it stops
   * accepting connections: longer than the balancer's health checks take to notice (0 when
   * nothing checks, the listener's closing is then what turns new connections away).
   */
  shutdownDrainMs: number;
  /**
   * SYNC_CONCURRENCY: how many provisioning deliveries (SCIM requests) an instance has in flight
   * at once, 8 by default; one app never gets more than this from an instance. An app that
   * answers 429 is waited for (Retry-After) and asked again.
   */
  syncConcurrency: number;
}

/** A configuration mistake: its message is one line naming the variable, shown as is. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function url(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a URL (${protocols.join(', ')}), got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
    throw new ConfigError(`${name} must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}, got "${raw}"`);
  }
  return raw;
}

function flag(env: Env, name: string): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined || raw === '0' || raw === 'false' || raw === 'no') return false;
  if (raw === '1' || raw === 'true' || raw === 'yes') return true;
  throw new ConfigError(`${name} must be 1 or 0 (true or false), got "${env[name]}"`);
}

/** TRUST_PROXY: "true", or comma-separated addresses, networks or the names loopback, linklocal, uniquelocal. */
function trustedProxies(raw: string | undefined): Config['trustProxy'] {
  if (raw === undefined) return 'loopback';
  if (raw === 'true' || raw === 'false') return raw === 'true';
  const entries = raw.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => ['loopback', 'linklocal', 'uniquelocal'].includes(entry) || /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry);
  const wrong = entries.find((entry) => !valid(entry));
  if (wrong !== undefined) throw new ConfigError(`TRUST_PROXY must be true or addresses and networks separated by commas, got "${wrong}"`);
  return entries.join(',');
}

const HOST_NAME = /^(\*\.)?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** OUTBOUND_ALLOWED_HOSTS: host names (`*.` for a domain's hosts), addresses and networks, comma separated. */
function outboundAllowance(raw: string | undefined): OutboundAllowance {
  const hosts: string[] = [];
  const networks: string[] = [];
  for (const entry of (raw ?? '').split(',').map((item) => item.trim().toLowerCase()).filter(Boolean)) {
    const address = entry.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(address)) networks.push(`${address}/${ipaddr.parse(address).kind() === 'ipv4' ? 32 : 128}`);
    else if (/^[0-9a-f:.]+\/\d{1,3}$/.test(entry) && ipaddr.isValidCIDR(entry)) networks.push(entry);
    else if (HOST_NAME.test(entry)) hosts.push(entry);
    else throw new ConfigError(`OUTBOUND_ALLOWED_HOSTS must be host names, addresses or networks separated by commas, got "${entry}"`);
  }
  return { hosts, networks };
}

/** A guessable token would open the metrics to anyone on the public port. */
function metricsToken(raw: string | undefined): string | undefined {
  if (raw !== undefined && raw.length < 24) throw new ConfigError('METRICS_TOKEN must have at least 24 characters (openssl rand -base64 32)');
  return raw;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 1, 65535);
  const publicUrl = (url(env, 'PUBLIC_URL', ['http', 'https']) ?? `http://localhost:${port}`).replace(/\/+$/, '');

  const adminPassword = read(env, 'PORTAL_ADMIN_PASSWORD');
  if (adminPassword !== undefined && !isStrongPassword(adminPassword)) {
    throw new ConfigError(
      `PORTAL_ADMIN_PASSWORD must have 8 to 255 characters with a lowercase letter, an uppercase letter, a digit and one of ${PASSWORD_SPECIALS}`,
    );
  }
  const adminEmail = read(env, 'PORTAL_ADMIN_EMAIL') ?? 'admin@example.com';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) {
    throw new ConfigError(`PORTAL_ADMIN_EMAIL must be an e-mail address, got "${adminEmail}"`);
  }
  const adminUsername = read(env, 'PORTAL_ADMIN_USERNAME') ?? 'admin';
  if (!/^[A-Za-z0-9._-]{3,64}$/.test(adminUsername)) {
    throw new ConfigError(
      `PORTAL_ADMIN_USERNAME must be 3 to 64 letters, digits, dots, dashes or underscores, got "${adminUsername}"`,
    );
  }

  const logLevel = read(env, 'LOG_LEVEL') ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }

  const integrationKey = read(env, 'INTEGRATION_SECRET_KEY');
  const key = integrationKey === undefined ? undefined : Buffer.from(integrationKey, 'base64');
  if (key && key.length !== 32) throw new ConfigError('INTEGRATION_SECRET_KEY must be 32 bytes in base64 (openssl rand -base64 32)');

  return {
    port,
    publicUrl,
    trustProxy: trustedProxies(read(env, 'TRUST_PROXY')),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 1_000, 600_000),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    shutdownDrainMs: integer(env, 'SHUTDOWN_DRAIN_MS', 0, 0, 600_000),
    syncConcurrency: integer(env, 'SYNC_CONCURRENCY', 8, 1, 64),
    outboundAllowed: outboundAllowance(read(env, 'OUTBOUND_ALLOWED_HOSTS')),
    dataDir: read(env, 'DATA_DIR') ?? './data',
    databaseUrl: url(env, 'DATABASE_URL', ['postgres', 'postgresql']),
    redisUrl: url(env, 'REDIS_URL', ['redis', 'rediss']),
    smtpUrl: url(env, 'SMTP_URL', ['smtp', 'smtps']),
    smsGatewayUrl: url(env, 'SMS_GATEWAY_URL', ['http', 'https']),
    admin: { username: adminUsername, password: adminPassword, email: adminEmail },
    demoData: flag(env, 'DEMO_DATA'),
    elearningUrl: url(env, 'ELEARNING_URL', ['http', 'https']) ?? `${publicUrl}/sso-fe/list-base-app`,
    logLevel: logLevel as Config['logLevel'],
    integrationKey: key,
    metricsToken: metricsToken(read(env, 'METRICS_TOKEN')),
    metricsPort: read(env, 'METRICS_PORT') === undefined ? undefined : integer(env, 'METRICS_PORT', 9464, 1, 65535),
    metricsHost: read(env, 'METRICS_HOST') ?? '127.0.0.1',
  };
}
