/** Port checks before starting a server, so a clash is one clear message instead of a log line. */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { TaskError } from '../task-error.js';

/** A port needed by the stack is taken. */
export class PortInUseError extends TaskError {
  constructor(
    readonly port: number,
    readonly configKey: string,
    holder?: string,
  ) {
    super(
      `failed to start database: port ${port} is already in use (set by ${configKey} in supabase/config.toml)`,
      holder
        ? `Try stopping the running project with supabase stop --project-id ${holder}\nOr configure a different ${configKey} in supabase/config.toml`
        : `Stop the program listening on port ${port}, or configure a different ${configKey} in supabase/config.toml`,
    );
    this.name = 'TaskError';
  }
}

/** Whether something already listens on host:port (tried by binding it ourselves). */
export function isPortInUse(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE' || err.code === 'EACCES') resolve(true);
      else reject(err);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(false)));
  });
}

/**
 * The ports the kernel hands out as the source port of outgoing connections (Linux's
 * ip_local_port_range). A port picked there for a server that binds it later can be taken in the
 * meantime by any client connection on the machine (ours to PostgreSQL included), and the server
 * then fails with "port already in use".
 */
function ephemeralPorts(): { low: number; high: number } {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high)) return { low: low!, high: high! };
  } catch {
    // Not Linux: the IANA dynamic range, which macOS and Windows use.
  }
  return { low: 49152, high: 65535 };
}

/** Lowest port handed out: above the well-known and most registered services' ports. */
const FIRST_PICKED_PORT = 10_000;
// Where the next pick starts: a random place per process, then onwards by a stride, so that one
// process never hands out a port twice before it has gone through the range, nor a port's
// neighbour, which some servers take too (pg-meta's metrics listen on the port after its own).
let nextPick: number | undefined;
const STRIDE = 10;

/**
 * A port free right now that no outgoing connection will take before its server binds it: below
 * the ephemeral range when there is room there, else one the OS picks.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const { low } = ephemeralPorts();
  const span = low - FIRST_PICKED_PORT;
  if (span < 1_000) return osPickedPort(host);
  nextPick ??= FIRST_PICKED_PORT + Math.floor(Math.random() * span);
  for (let tries = 0; tries < 200; tries++) {
    const port = nextPick;
    nextPick = FIRST_PICKED_PORT + ((nextPick + STRIDE - FIRST_PICKED_PORT) % span);
    if (!(await isPortInUse(port, host))) return port;
  }
  return osPickedPort(host);
}

/** A port the OS says is free right now (from the ephemeral range). */
function osPickedPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host }, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
