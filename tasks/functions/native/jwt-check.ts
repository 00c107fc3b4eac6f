/**
 * The bearer check of the functions router (facts §8.2): a request to a function that verifies JWTs
 * needs `Authorization: Bearer <token>` signed with the project's JWT secret and not expired. The
 * answers are the original router's: 401 with `{"msg": ...}`. Verification is jose's.
 */
import type { IncomingMessage } from 'node:http';
import { jwtVerify } from 'jose';

/** Why a request is refused, or undefined when its token is good. */
export async function bearerProblem(request: IncomingMessage, secret: Uint8Array): Promise<string | undefined> {
  const header = request.headers.authorization;
  if (!header) return 'Error: Missing authorization header';
  const [scheme, token] = header.split(' ');
  if (scheme !== 'Bearer') return "Error: Auth header is not 'Bearer {token}'";
  try {
    await jwtVerify(token ?? '', secret, { algorithms: ['HS256', 'HS384', 'HS512'] });
    return undefined;
  } catch {
    return 'Invalid JWT';
  }
}
