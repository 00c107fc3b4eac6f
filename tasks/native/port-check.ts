/** Port checks before starting a server, so a clash is one clear message instead of a log line. */
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

/** A port the OS says is free right now, for short-lived private servers. */
export function freePort(host = '127.0.0.1'): Promise<number> {
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
