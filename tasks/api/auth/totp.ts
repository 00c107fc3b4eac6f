/**
 * TOTP as GoTrue v2.132.3 uses it through pquerna/otp: a 20-byte secret in base32 without padding,
 * SHA1, 6 digits, 30 s periods, the `otpauth://` URI with Go's escaping (url.Values sorted by key,
 * the label `issuer:account` as a path), and a code valid for the current period or one on either
 * side (its skew of 1). Codes are computed by otpauth, a maintained TOTP library.
 */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
const DIGITS = 6;

/** pquerna/otp's Generate: the secret of a new factor. */
export function newTotpSecret(): string {
  return new Secret({ buffer: randomBytes(20).buffer }).base32.replace(/=+$/, '');
}

/** Go's escaping of what url.PathEscape-like path mode keeps ($&+,/:;=@ stay, !'()* do not). */
function goPathEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%(24|26|2B|2C|2F|3A|3B|3D|40)/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Go's url.QueryEscape. */
function goQueryEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** pquerna/otp's Key.URL(): the URI authenticator apps read from the QR code. */
export function totpUri(issuer: string, accountName: string, secret: string): string {
  const query: [string, string][] = [['algorithm', 'SHA1'], ['digits', String(DIGITS)], ['issuer', issuer], ['period', String(PERIOD)], ['secret', secret]];
  const encoded = query.map(([key, value]) => `${key}=${goQueryEscape(value)}`).join('&');
  return `otpauth://totp/${goPathEscape(`${issuer}:${accountName}`)}?${encoded}`;
}

/** pquerna/otp's totp.Validate: six digits matching this period or an adjacent one. */
export function totpCodeValid(code: string, secret: string): boolean {
  if (code.length !== DIGITS) return false;
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: DIGITS, period: PERIOD });
  return totp.validate({ token: code, window: 1 }) !== null;
}
