// Signing JWTs in the browser with WebCrypto: no signing library is shipped, and keys never
// leave the page.
const encoder = new TextEncoder();

/** base64url without padding, as JWT wants it. */
export function base64url(input: ArrayBuffer | Uint8Array | string): string {
  const bytes = typeof input === 'string' ? encoder.encode(input) : new Uint8Array(input);
  let binary = '';
  bytes.forEach((byte) => { binary += String.fromCharCode(byte); });
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function signingInput(header: object, claims: object): string {
  return `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
}

/** HS256: HMAC-SHA256 with the secret's UTF-8 bytes. */
export async function signHs256(claims: object, secret: string): Promise<string> {
  const input = signingInput({ alg: 'HS256', typ: 'JWT' }, claims);
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return `${input}.${base64url(await crypto.subtle.sign('HMAC', key, encoder.encode(input)))}`;
}

/** ES256 with a P-256 PKCS#8 key. WebCrypto's ECDSA output is already the raw r||s form JWS uses. */
export async function signEs256(header: object, claims: object, pkcs8: ArrayBuffer): Promise<string> {
  const input = signingInput({ ...header, alg: 'ES256' }, claims);
  const key = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  return `${input}.${base64url(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, encoder.encode(input)))}`;
}

/** The DER bytes of a `-----BEGIN PRIVATE KEY-----` block, or null when the text is not one. */
export function pemToPkcs8(pem: string): ArrayBuffer | null {
  const match = pem.match(/-----BEGIN PRIVATE KEY-----([\s\S]+?)-----END PRIVATE KEY-----/);
  if (!match) return null;
  try {
    const binary = atob(match[1].replace(/\s+/g, ''));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
  } catch {
    return null;
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random alphanumeric secret; bytes >= 248 are redrawn so every character is equally likely. */
export function randomSecret(length = 40): string {
  const limit = 256 - (256 % ALPHABET.length);
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < limit && out.length < length) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}
