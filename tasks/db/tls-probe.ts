/**
 * Whether a PostgreSQL server (or pooler) accepts TLS. The original connects to remote databases
 * with libpq's `sslmode=prefer`: TLS when the server offers it, else plain. Node's pg has no
 * "prefer", and every database command builds its own client from a URL, so the question is asked
 * once, up front, with the protocol's SSLRequest message (8 bytes; the server answers one byte,
 * `S` or `N`), and the answer becomes `sslmode` in the URL they all receive.
 */
import net from 'node:net';

/** The SSLRequest message: length 8, then the request code 80877103. */
const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);

/** True when the server offers TLS, false when it declines, undefined when it could not be asked. */
export function serverOffersTls(host: string, port: number, timeoutMs = 10_000): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const finish = (answer: boolean | undefined) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => finish(undefined));
    socket.once('error', () => finish(undefined));
    socket.once('connect', () => socket.write(SSL_REQUEST));
    socket.once('data', (chunk: Buffer) => finish(chunk[0] === 0x53 ? true : chunk[0] === 0x4e ? false : undefined));
  });
}

/**
 * The URL parameters for a server that offers TLS: encrypted without certificate checks, as
 * libpq's `require` (and the original's `prefer`) do. `uselibpqcompat` makes pg read `sslmode` as
 * libpq does; the libpq tools receive only PGSSLMODE.
 */
export const TLS_URL_PARAMS = { sslmode: 'require', uselibpqcompat: 'true' } as const;
