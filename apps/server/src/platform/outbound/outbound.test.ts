import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { allowListOf, specialUseRange } from './addresses.ts';
import { createOutbound, isOutboundRefused } from './outbound.ts';

/** The allow list OUTBOUND_ALLOWED_HOSTS=`entries` makes. */
const parseAllowList = (entries: string | undefined) => allowListOf(loadConfig({ OUTBOUND_ALLOWED_HOSTS: entries ?? '' }).outboundAllowed);

/** A web server on loopback that counts the connections it was sent: a refused call must make none. */
async function loopbackServer(handler: (url: string) => { status: number; location?: string }) {
  let connections = 0;
  const server: Server = createServer((request, response) => {
    const answer = handler(request.url ?? '/');
    response.writeHead(answer.status, answer.location ? { location: answer.location } : {}).end('inside');
  });
  server.on('connection', () => (connections += 1));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, connections: () => connections, close: () => server.close() };
}

describe('which addresses outbound calls may reach', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.100.100.200', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:a9fe:a9fe', 'linkLocal'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::7f00:1', 'ipv4Compatible'],
    ['64:ff9b::a9fe:a9fe', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
  ])('refuses %s (%s)', (address, range) => {
    expect(specialUseRange(address)).toBe(range);
  });

  it('lets through what OUTBOUND_ALLOWED_HOSTS names: a host, the hosts under a domain, an address and a network', () => {
    const allowed = parseAllowList('crm.corp.internal, *.apps.corp.internal,10.20.0.0/16, 192.168.1.7,fd00:1::/32');
    expect([allowed.allowsHost('CRM.corp.internal'), allowed.allowsHost('t1.apps.corp.internal'), allowed.allowsHost('corp.internal')]).toEqual([true, true, false]);
    expect([allowed.allowsAddress('10.20.3.4'), allowed.allowsAddress('10.21.0.1'), allowed.allowsAddress('192.168.1.7'), allowed.allowsAddress('fd00:1::5')]).toEqual([true, false, true, true]);
    // The mapped form of a named address is that address.
    expect(allowed.allowsAddress('::ffff:10.20.0.9')).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('lets %s through (public unicast)', (address) => {
    expect(specialUseRange(address)).toBeUndefined();
  });

  it('judges the forms a URL may write an address in as the address they are', async () => {
    const outbound = createOutbound(parseAllowList(undefined));
    const refused = await Promise.all(
      [
        'http://127.0.0.1/scim',
        'http://0x7f000001/scim',
        'http://2130706433/scim',
        'http://017700000001/',
        'http://127.1/',
        'http://[::ffff:a9fe:a9fe]/latest/meta-data',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]:8080/',
        'http://localhost:22/',
        'https://{tenant}.localhost/scim',
      ].map(async (url) => [url, await outbound.refusalOf(url)]),
    );
    for (const [url, refusal] of refused) expect(refusal, url).toBeDefined();
    // A public address, and a name that does not resolve (its app may come later), pass.
    expect(await outbound.refusalOf('https://93.184.216.34/scim')).toBeUndefined();
    expect(await outbound.refusalOf('https://crm.example.invalid/scim/v2/{tenant}')).toBeUndefined();
    await outbound.close();
  });
});

describe('outbound calls', () => {
  let target: Awaited<ReturnType<typeof loopbackServer>>;
  beforeAll(async () => {
    target = await loopbackServer((url) => (url === '/hop' ? { status: 302, location: `http://127.0.0.1:${target.port}/inside` } : { status: 200 }));
  });
  afterAll(() => target.close());

  it('never connect to an internal address, however it is written', async () => {
    const outbound = createOutbound(parseAllowList(undefined));
    for (const host of ['127.0.0.1', '0x7f000001', '2130706433', 'localhost', '[::ffff:127.0.0.1]']) {
      const error = await outbound.fetch(`http://${host}:${target.port}/inside`).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(isOutboundRefused(error), host).toBe(true);
    }
    expect(target.connections()).toBe(0);
    await outbound.close();
  });

  it('reach what OUTBOUND_ALLOWED_HOSTS names: an address, a network or a host name', async () => {
    for (const entry of ['127.0.0.1', '127.0.0.0/8', 'localhost']) {
      const outbound = createOutbound(parseAllowList(entry));
      const host = entry === 'localhost' ? 'localhost' : '127.0.0.1';
      expect((await outbound.fetch(`http://${host}:${target.port}/inside`)).status, entry).toBe(200);
      await outbound.close();
    }
  });

  it('check every hop of a redirect: a named host cannot send the call on to an internal address', async () => {
    const before = target.connections();
    const outbound = createOutbound(parseAllowList('localhost'));
    const error = await outbound.fetch(`http://localhost:${target.port}/hop`).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(isOutboundRefused(error)).toBe(true);
    // The named host was called once; the address it pointed to was not.
    expect(target.connections() - before).toBe(1);
    await outbound.close();
  });

  it('check the address connected to, so a name that resolved outward when saved cannot be rebound inward', async () => {
    let asked = 0;
    const rebinding = createOutbound(parseAllowList(undefined), {
      // The first answer (at save time) is public; every later one points at the portal's own host.
      lookup: (_hostname, _options, callback) => callback(null, [{ address: asked++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }]),
    });
    const url = `http://scim.rebind.example:${target.port}/inside`;
    expect(await rebinding.refusalOf(url)).toBeUndefined();
    const before = target.connections();
    const error = await rebinding.fetch(url).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(isOutboundRefused(error)).toBe(true);
    expect(target.connections()).toBe(before);
    await rebinding.close();
  });
});
