/**
 * The browser half of `supabase login`, the original's flow: the CLI makes an ECDH P-256 key pair and a
 * session id, the user approves the session in the dashboard, and the platform hands back the new
 * access token encrypted for this key pair (AES-256-GCM under the ECDH shared secret, nonce given,
 * no additional data). Only the private key, which never leaves this process, can read it.
 */
import { createDecipheriv, createECDH, randomUUID, type ECDH } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { hostname, userInfo } from 'node:os';
import { TaskError } from '../task-error.js';
import { USER_AGENT } from '../version.js';
import { causeOf } from './client/client.js';

/** The platform's answer once the session was approved; every crypto field is hex. */
export interface EncryptedToken {
  id: string;
  created_at: string;
  access_token: string;
  public_key: string;
  nonce: string;
}

/** One login attempt: its session id and key pair. */
export interface LoginSession {
  id: string;
  /** The uncompressed public point, hex, as the dashboard expects it. */
  publicKey: string;
  ecdh: ECDH;
}

/** A new session id (UUID v4) and key pair. */
export function newLoginSession(): LoginSession {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { id: randomUUID(), publicKey: ecdh.getPublicKey('hex', 'uncompressed'), ecdh };
}

/** `cli_<user>@<host>_<unix seconds>`, or `cli_<unix seconds>` when the user or host cannot be read. */
export function defaultTokenName(now = new Date()): string {
  const seconds = Math.floor(now.getTime() / 1000);
  try {
    return `cli_${userInfo().username}@${hostname()}_${seconds}`;
  } catch {
    return `cli_${seconds}`;
  }
}

/** The dashboard page that approves the session. */
export function loginPageUrl(dashboard: string, session: LoginSession, tokenName: string): string {
  const query = new URLSearchParams({ session_id: session.id, token_name: tokenName, public_key: session.publicKey });
  return `${dashboard}/cli/login?${query}`;
}

export interface PollOptions {
  /** Waits between polls; tests may shorten it. */
  sleep?: (ms: number) => Promise<void>;
  debug?: (line: string) => void;
}

const DEFAULT_RETRY_SECONDS = 2;

/**
 * Asks the platform for the session's token until it is there: 404 means "not yet", to be asked
 * again after `Retry-After` seconds (2 when absent); 200 carries the encrypted token.
 */
export async function pollForToken(apiHost: string, sessionId: string, options: PollOptions = {}): Promise<EncryptedToken> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const path = `/platform/cli/login/${sessionId}`;
  for (;;) {
    let response: Response;
    try {
      response = await fetch(`${apiHost}${path}`, { headers: { 'User-Agent': USER_AGENT } });
    } catch (error) {
      throw new TaskError(`cannot fetch access token: ${causeOf(error)}`, 'Check your network connection, or SUPABASE_INTERNAL_API_HOST if you set it.');
    }
    options.debug?.(`HTTP GET ${path} ${response.status}`);
    if (response.status === 404) {
      await response.body?.cancel();
      const retry = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
      await sleep((Number.isInteger(retry) && retry >= 0 ? retry : DEFAULT_RETRY_SECONDS) * 1000);
      continue;
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new TaskError(`HTTP ${response.status} ${response.statusText || STATUS_CODES[response.status] || ''}`.trimEnd() + ': cannot retrieve access token');
    }
    try {
      return (await response.json()) as EncryptedToken;
    } catch (error) {
      throw new TaskError(`cannot unmarshal access token response: ${(error as Error).message}`);
    }
  }
}

/** Decrypts the token with the session's private key; failures start `cannot decrypt access token`. */
export function decryptToken(session: LoginSession, answer: Pick<EncryptedToken, 'access_token' | 'public_key' | 'nonce'>): string {
  try {
    const sealed = hexBytes(answer.access_token);
    const secret = session.ecdh.computeSecret(hexBytes(answer.public_key));
    // The sealed bytes end with the 16-byte GCM tag.
    const decipher = createDecipheriv('aes-256-gcm', secret, hexBytes(answer.nonce));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8');
  } catch (error) {
    throw new TaskError(`cannot decrypt access token: ${(error as Error).message}`);
  }
}

function hexBytes(text: string): Buffer {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(text)) throw new Error(`encoding/hex: invalid byte in ${JSON.stringify(text.slice(0, 16))}`);
  return Buffer.from(text, 'hex');
}
