import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance, type Instance } from '../../test/instances.ts';

const GRACE_MS = 1500;

/**
 * SIGTERM bounds the wait for requests in flight (main.ts): a request that never ends (its body
 * still coming, as from a stalled client) does not keep the instance up. Past SHUTDOWN_GRACE_MS
 * it exits anyway, with 1 and the reason, so that an orchestrator's update is never held by one
 * client. A real instance in a process of its own, on an embedded database of its own.
 */
describe('an instance stopped with a request in flight longer than SHUTDOWN_GRACE_MS', () => {
  let dataDir: string;
  let instance: Instance;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-grace-'));
    instance = await startInstance({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: String(GRACE_MS), SHUTDOWN_DRAIN_MS: '0' });
  }, 120_000);
  afterAll(async () => {
    await instance?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits after the grace, with 1, saying why', async () => {
    // A request whose body stops half-way: the server holds it as in flight.
    const client = connect(instance.port, '127.0.0.1');
    await once(client, 'connect');
    client.on('error', () => {});
    let answered = '';
    const continued = new Promise<void>((resolve) =>
      client.on('data', (chunk: Buffer) => {
        answered += chunk.toString();
        if (answered.includes('100 Continue')) resolve();
      }),
    );
    client.write('POST /api/User/RequestChangeMyPass HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n');
    // The server's 100 Continue: it has read the request's head, and the request is in flight.
    await continued;
    client.write('{"oldPassword":');

    const signalled = performance.now();
    const exitCode = await instance.stop();
    const waited = performance.now() - signalled;
    client.destroy();

    expect(exitCode).toBe(1);
    expect(instance.output()).toContain(`requests still in flight after SHUTDOWN_GRACE_MS (${GRACE_MS} ms)`);
    // It waited the grace first (a timer never fires early, however loaded the machine).
    expect(waited).toBeGreaterThanOrEqual(GRACE_MS);
  }, 120_000);
});
