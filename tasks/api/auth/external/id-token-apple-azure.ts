/**
 * How GoTrue v2.132.3's ParseIDToken reads Apple's and Azure's ID tokens into UserProvidedData
 * (parseAppleIDToken, parseAzureIDToken): Apple's address always counts as verified, with
 * is_private_email (sent as a quoted boolean) and auth_time as custom claims; Azure's address is
 * verified when xms_edov says so (true, "1" or "true") or, without xms_edov, whenever there is one,
 * and every claim of the token but the registered ones becomes a custom claim. LinkedIn's
 * (parseLinkedinIDToken) takes email_verified as a string for Go's strconv.ParseBool, which fails
 * the token when it is missing or anything else.
 */
import { claims, type UserProvidedData } from './provider-kit.js';

/** The claims parseAzureIDToken leaves out of the custom claims (Azure's ID token reference). */
const AZURE_REGISTERED = ['aud', 'iss', 'iat', 'nbf', 'exp', 'c_hash', 'at_hash', 'aio', 'nonce', 'rh', 'uti', 'jti', 'ver', 'sub', 'name', 'preferred_username'];

const text = (payload: Record<string, unknown>, key: string): string | undefined => (typeof payload[key] === 'string' ? (payload[key] as string) : undefined);

/** parseAppleIDToken; an is_private_email that is not a quoted boolean fails as Go's `,string` decoding fails. */
export function appleData(payload: Record<string, unknown>): UserProvidedData {
  const custom: Record<string, unknown> = {};
  const privateEmail = payload.is_private_email;
  if (privateEmail !== undefined && privateEmail !== null) {
    if (privateEmail !== 'true' && privateEmail !== 'false') throw new Error(`json: invalid use of ,string struct tag, trying to unmarshal ${JSON.stringify(privateEmail)} into bool`);
    custom.is_private_email = privateEmail === 'true';
  }
  if (typeof payload.auth_time === 'number') custom.auth_time = payload.auth_time;
  const subject = text(payload, 'sub');
  return {
    emails: [{ email: text(payload, 'email') ?? '', verified: true, primary: true }],
    metadata: claims({ iss: text(payload, 'iss'), sub: subject, provider_id: subject, custom_claims: Object.keys(custom).length > 0 ? custom : undefined }),
  };
}

/** AzureIDTokenClaims.IsEmailVerified. */
function azureEmailVerified(email: string, edov: unknown): boolean {
  if (edov === undefined || edov === null) return email !== '';
  const owned = edov === true || edov === '1' || edov === 'true';
  return email !== '' && owned;
}

/** parseAzureIDToken. */
export function azureData(payload: Record<string, unknown>): UserProvidedData {
  const email = text(payload, 'email') ?? '';
  const subject = text(payload, 'sub');
  const custom: Record<string, unknown> = { ...payload };
  for (const key of AZURE_REGISTERED) delete custom[key];
  return {
    emails: email ? [{ email, verified: azureEmailVerified(email, payload.xms_edov), primary: true }] : [],
    metadata: claims({ iss: text(payload, 'iss'), sub: subject, provider_id: subject, preferred_username: text(payload, 'preferred_username'), full_name: text(payload, 'name'), custom_claims: custom }),
  };
}

export const ISSUER_LINKEDIN = 'https://www.linkedin.com';

/** strconv.ParseBool's spellings. */
const GO_BOOLS: Record<string, boolean> = { 1: true, t: true, T: true, TRUE: true, true: true, True: true, 0: false, f: false, F: false, FALSE: false, false: false, False: false };

/** parseLinkedinIDToken. */
export function linkedinData(payload: Record<string, unknown>): UserProvidedData {
  for (const key of ['email', 'email_verified', 'family_name', 'given_name', 'locale', 'picture']) {
    const value = payload[key];
    if (value !== undefined && value !== null && typeof value !== 'string') throw new Error(`json: cannot unmarshal ${typeof value} into Go struct field LinkedinIDTokenClaims.${key} of type string`);
  }
  const flag = text(payload, 'email_verified') ?? '';
  if (!(flag in GO_BOOLS)) throw new Error(`strconv.ParseBool: parsing ${JSON.stringify(flag)}: invalid syntax`);
  const email = text(payload, 'email');
  const subject = text(payload, 'sub');
  const given = text(payload, 'given_name') ?? '';
  const family = text(payload, 'family_name') ?? '';
  return {
    emails: email ? [{ email, verified: GO_BOOLS[flag], primary: true }] : [],
    metadata: claims({ iss: text(payload, 'iss'), sub: subject, name: `${given} ${family}`.trim(), given_name: given, family_name: family, locale: text(payload, 'locale'), picture: text(payload, 'picture'), provider_id: subject }),
  };
}
