/**
 * DNS over HTTPS for `--dns-resolver https`. It replaces `dns.lookup`, which Node's sockets,
 * `http`, `https` and `fetch` all call, so every outbound connection of the tool resolves through
 * it. Literal IP addresses never reach a lookup, so the resolver's own request does not recurse.
 */
import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/** Cloudflare's resolver, addressed by IP so that reaching it needs no lookup. */
export const DEFAULT_DOH_URL = 'https://1.1.1.1/dns-query';

/** DNS record types by name, as numbers in DoH JSON answers. */
const RECORD_TYPES = { A: 1, AAAA: 28, CNAME: 5 } as const;
export type RecordType = keyof typeof RECORD_TYPES;

interface DohAnswer {
  type: number;
  data: string;
}

/** Asks the DoH endpoint for one record type; resolves to the answers' data (maybe none). */
export function queryDoh(endpoint: string, host: string, type: RecordType): Promise<string[]> {
  const url = new URL(endpoint);
  url.searchParams.set('name', host);
  url.searchParams.set('type', type);
  const client = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { headers: { accept: 'application/dns-json' }, timeout: 10_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`DNS over HTTPS lookup of ${host} failed with status ${response.statusCode}`));
        try {
          const answers = (JSON.parse(body).Answer ?? []) as DohAnswer[];
          resolve(answers.filter((answer) => answer.type === RECORD_TYPES[type]).map((answer) => answer.data));
        } catch (error) {
          reject(new Error(`DNS over HTTPS lookup of ${host} returned invalid JSON: ${(error as Error).message}`));
        }
      });
    });
    request.on('timeout', () => request.destroy(new Error(`DNS over HTTPS lookup of ${host} timed out`)));
    request.on('error', reject);
  });
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** Resolves a host through DoH, IPv4 first, as a `dns.lookup` replacement. */
function dohLookup(endpoint: string, original: typeof dns.lookup) {
  return function lookup(host: string, optionsOrCallback: unknown, maybeCallback?: unknown): void {
    const callback = (typeof optionsOrCallback === 'function' ? optionsOrCallback : maybeCallback) as LookupCallback;
    const raw = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
    const options: LookupOptions = typeof raw === 'number' ? { family: raw } : ((raw ?? {}) as LookupOptions);
    if (net.isIP(host) || host === 'localhost') {
      (original as (...args: unknown[]) => void)(host, options, callback);
      return;
    }
    const families: Array<4 | 6> = options.family === 6 ? [6] : options.family === 4 ? [4] : [4, 6];
    (async () => {
      for (const family of families) {
        const addresses = await queryDoh(endpoint, host, family === 4 ? 'A' : 'AAAA');
        if (addresses.length > 0) return { addresses, family };
      }
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND', hostname: host });
    })().then(
      ({ addresses, family }) => {
        if (options.all) callback(null, addresses.map((address) => ({ address, family })));
        else callback(null, addresses[0], family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/** The DoH endpoint: SUPABASE_INTERNAL_DOH_URL (tests point it at a local resolver), else Cloudflare's. */
export function dohEndpoint(env: NodeJS.ProcessEnv = process.env): string {
  return env.SUPABASE_INTERNAL_DOH_URL || DEFAULT_DOH_URL;
}

/** Routes every later host-name lookup of this process through DoH. */
export function installDohResolver(endpoint = DEFAULT_DOH_URL): void {
  const original = dns.lookup;
  (dns as { lookup: unknown }).lookup = dohLookup(endpoint, original);
}
