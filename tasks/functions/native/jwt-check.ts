/**
 * The bearer check of the functions router (the original's main service): a request to a function that verifies JWTs
 * needs `Authorization: Bearer <token>` signed with the project's JWT secret and not expired. The
 * answers are the original router's: 401 with `{"msg": ...}`. Verification is jose's; tokens that
 * passed are remembered until they expire, since clients send the same key on every request.
 */
import type { IncomingMessage } from 'node:http';
import { jwtVerify } from 'jose';

/** How many verified tokens are remembered; past that the memory starts over. */
const REMEMBERED = 256;

/** Checks bearer tokens against one secret. */
export class BearerCheck {
  private readonly secret: Uint8Array;
  /** Verified tokens and when they stop being valid (ms since epoch; Infinity without `exp`). */
  private readonly verified = new Map<string, number>();

  constructor(jwtSecret: string) {
    this.secret = new TextEncoder().encode(jwtSecret);
  }

  /** Why a request is refused, or undefined when its token is good. */
  async problem(request: IncomingMessage): Promise<string | undefined> {
    const header = request.headers.authorization;
    if (!header) return 'Error: Missing authorization header';
    const [scheme, token = ''] = header.split(' ');
    if (scheme !== 'Bearer') return "Error: Auth header is not 'Bearer {token}'";
    const until = this.verified.get(token);
    if (until !== undefined && Date.now() < until) return undefined;
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256', 'HS384', 'HS512'] });
      if (this.verified.size >= REMEMBERED) this.verified.clear();
      this.verified.set(token, typeof payload.exp === 'number' ? payload.exp * 1000 : Infinity);
      return undefined;
    } catch {
      return 'Invalid JWT';
    }
  }
}
