/**
 * Whether something accepts TCP connections on a port, by connecting to it. Cheaper than a
 * protocol handshake (no authentication), and enough to say "nothing listens there".
 */
import net from 'node:net';

/** Resolves true when a connection to host:port opens within timeoutMs. */
export function portAnswers(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (answers: boolean) => {
      socket.destroy();
      resolve(answers);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
