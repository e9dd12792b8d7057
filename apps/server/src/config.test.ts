import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('fills the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'http://localhost:8080',
      dataDir: './data',
      databaseUrl: undefined,
      admin: { username: 'admin', password: undefined, email: 'admin@example.com' },
      demoData: false,
      trustProxy: 'loopback',
      requestTimeoutMs: 30_000,
    });
  });

  it('reads the trusted proxies as true or a list of addresses and networks', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback' }).trustProxy).toBe('10.0.0.0/8,192.168.1.7,loopback');
  });

  it('reads the private hosts and networks outbound calls may reach', () => {
    expect(loadConfig({}).outboundAllowed).toEqual({ hosts: [], networks: [] });
    expect(loadConfig({ OUTBOUND_ALLOWED_HOSTS: 'CRM.corp.internal, *.apps.corp.internal,10.20.0.0/16, 192.168.1.7,fd00:1::/32,[::1]' }).outboundAllowed).toEqual({
      hosts: ['crm.corp.internal', '*.apps.corp.internal'],
      networks: ['10.20.0.0/16', '192.168.1.7/32', 'fd00:1::/32', '::1/128'],
    });
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '9090' }).publicUrl).toBe('http://localhost:9090');
    expect(loadConfig({ PUBLIC_URL: 'https://sso.example.com/' }).publicUrl).toBe('https://sso.example.com');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer between 1 and 65535, got "abc"'],
    [{ PORT: '70000' }, 'PORT must be an integer between 1 and 65535, got "70000"'],
    [{ PUBLIC_URL: 'localhost' }, 'PUBLIC_URL must be a URL (http, https), got "localhost"'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a URL starting with postgres:// or postgresql://, got "mysql://x"'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must be a URL starting with smtp:// or smtps://, got "http://mail"'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA must be 1 or 0 (true or false), got "maybe"'],
    [{ PORTAL_ADMIN_EMAIL: 'not-an-email' }, 'PORTAL_ADMIN_EMAIL must be an e-mail address, got "not-an-email"'],
    [{ TRUST_PROXY: '10.0.0.0/8,my-balancer' }, 'TRUST_PROXY must be true or addresses and networks separated by commas, got "my-balancer"'],
    [{ OUTBOUND_ALLOWED_HOSTS: '10.0.0.0/40' }, 'OUTBOUND_ALLOWED_HOSTS must be host names, addresses or networks separated by commas, got "10.0.0.0/40"'],
    [{ OUTBOUND_ALLOWED_HOSTS: 'crm.internal,http://x' }, 'OUTBOUND_ALLOWED_HOSTS must be host names, addresses or networks separated by commas, got "http://x"'],
    [{ REQUEST_TIMEOUT_MS: '10' }, 'REQUEST_TIMEOUT_MS must be an integer between 1000 and 600000, got "10"'],
  ])('refuses %j with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });

  it('refuses an administrator password that breaks the policy', () => {
    expect(() => loadConfig({ PORTAL_ADMIN_PASSWORD: 'password' })).toThrow(/^PORTAL_ADMIN_PASSWORD must have 8 to 255 characters/);
    expect(loadConfig({ PORTAL_ADMIN_PASSWORD: 'Str0ng#Pass' }).admin.password).toBe('Str0ng#Pass');
  });

  it('reads the metrics settings: a token long enough, a separate port on loopback by default', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/^METRICS_TOKEN must have at least 24 characters/);
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, metricsPort: undefined, metricsHost: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' })).toMatchObject({ metricsPort: 9464, metricsHost: '10.0.0.5' });
  });
});
