/**
 * freePort picks ports for servers that bind them a moment later (a test's stack, pg-meta's
 * fallback, a template cluster). Picked from the kernel's ephemeral range, such a port could be
 * taken first as the source port of some client connection; a loaded CI run saw pg-meta fail so.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { freePort } from '../../tasks/native/port-check.js';

describe('free ports for servers that bind later', () => {
  const [ephemeralLow] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);

  it('come from below the ephemeral range, never twice from one process', async () => {
    const ports: number[] = [];
    for (let index = 0; index < 50; index++) ports.push(await freePort());
    for (const port of ports) assert.ok(port >= 10_000 && port < ephemeralLow!, `port ${port} is in the ephemeral range (from ${ephemeralLow})`);
    assert.equal(new Set(ports).size, ports.length);
  });

  it("are not a picked port's neighbour, which a server may take too (pg-meta's metrics)", async () => {
    const ports: number[] = [];
    for (let index = 0; index < 50; index++) ports.push(await freePort());
    for (const port of ports) assert.ok(!ports.includes(port + 1), `both ${port} and ${port + 1} were handed out`);
  });

  it('skip a port something listens on', async () => {
    const first = await freePort();
    const holder = net.createServer();
    // The next pick would be first + 10: hold it, and the pick after must pass over it.
    await new Promise<void>((resolve) => holder.listen({ port: first + 10, host: '127.0.0.1' }, resolve));
    try {
      const next = await freePort();
      assert.notEqual(next, first + 10);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
