/**
 * Signing in to the local platform API. Nobody but the developer reaches a loopback server, so
 * there is no password: the page is a single confirmation button. What it guards against is
 * other web pages: the form carries a one-time token (no cross-site POST can forge a login),
 * the page cannot be framed (no click-jacking), and the token only travels back to a configured
 * docs origin, in the URL fragment, which browsers never send to servers or in Referer headers.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, escapeHtml, readForm, sendHtmlPage, sendJson } from './http-helpers.js';
import type { SessionStore } from './session-store.js';
import { originOf } from './platform-settings.js';
import { setBounded } from '../bounded-map.js';

/** How long a login form stays usable. */
const FORM_LIFETIME_MS = 10 * 60 * 1000;
/** Pending forms kept at most; opening the page in a loop must not grow memory without bound. */
const MAX_PENDING_FORMS = 200;

/** One-time form tokens, each bound to the redirect target checked when the form was served. */
export class LoginForms {
  private readonly pending = new Map<string, { redirectTo: string; expiresAt: number }>();

  /** Issues a token for a form that returns to `redirectTo`. */
  issue(redirectTo: string, now = Date.now()): string {
    for (const [token, form] of this.pending) if (form.expiresAt <= now) this.pending.delete(token);
    const token = randomBytes(24).toString('base64url');
    setBounded(this.pending, token, { redirectTo, expiresAt: now + FORM_LIFETIME_MS }, MAX_PENDING_FORMS);
    return token;
  }

  /** Uses up a token; its redirect target, or undefined when unknown or expired. */
  consume(token: string, now = Date.now()): string | undefined {
    const form = this.pending.get(token);
    this.pending.delete(token);
    return form && form.expiresAt > now ? form.redirectTo : undefined;
  }
}

/** Dependencies of the login routes. */
export interface LoginContext {
  sessions: SessionStore;
  forms: LoginForms;
  docsOrigins: readonly string[];
  projectId: string;
  log: (line: string) => void;
}

/** A redirect target that may receive a token: an absolute URL on a configured docs origin. */
function checkedRedirect(value: string | null, docsOrigins: readonly string[]): string | undefined {
  if (!value) return undefined;
  const origin = originOf(value);
  return origin && docsOrigins.includes(origin) ? value : undefined;
}

/** GET /login?redirect_to=<url>: the sign-in form, or a refusal for a target outside the docs origins. */
export function showLoginForm(url: URL, res: ServerResponse, ctx: LoginContext): void {
  const redirectTo = checkedRedirect(url.searchParams.get('redirect_to'), ctx.docsOrigins);
  if (!redirectTo) {
    const allowed = ctx.docsOrigins.map((o) => `<code>${escapeHtml(o)}</code>`).join(', ');
    sendHtmlPage(res, 400, 'Sign-in refused', `<p>The page asking you to sign in is not a configured docs site, so no session is handed to it.</p><p>Allowed docs origins: ${allowed}. Set SUPABASE_DOCS_ORIGINS before <code>supabase start</code> to change them.</p>`);
    return;
  }
  const token = ctx.forms.issue(redirectTo);
  sendHtmlPage(
    res,
    200,
    'Sign in to the local project',
    `<p>The docs site at <code>${escapeHtml(originOf(redirectTo)!)}</code> asks to read the API settings of your local project <code>${escapeHtml(ctx.projectId)}</code>.</p>` +
      `<form method="post" action="/login"><input type="hidden" name="csrf_token" value="${escapeHtml(token)}">` +
      '<button type="submit">Sign in as the local developer</button></form>',
    originOf(redirectTo),
  );
}

/** POST /login: uses up the form token, starts a session, returns to the docs with the token in the fragment. */
export async function submitLogin(req: IncomingMessage, res: ServerResponse, ctx: LoginContext): Promise<void> {
  const form = await readForm(req);
  const redirectTo = form ? ctx.forms.consume(form.get('csrf_token') ?? '') : undefined;
  // Checked again: the allowed origins cannot change in a running server, but the cost is nil.
  if (!redirectTo || !checkedRedirect(redirectTo, ctx.docsOrigins)) {
    sendHtmlPage(res, 403, 'Sign-in expired', '<p>This sign-in form was already used or has expired. Go back to the docs and choose “log in” again.</p>');
    return;
  }
  const session = await ctx.sessions.create();
  const target = new URL(redirectTo);
  target.hash = new URLSearchParams({ access_token: session.token, token_type: 'bearer', expires_in: String(session.expiresIn) }).toString();
  ctx.log(`login: session started for ${target.origin}`);
  res.writeHead(303, { Location: target.toString(), 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  res.end();
}

/** POST /logout: revokes the bearer token's session. */
export async function submitLogout(req: IncomingMessage, res: ServerResponse, ctx: LoginContext): Promise<void> {
  const token = bearerToken(req);
  if (!token || !(await ctx.sessions.revoke(token))) {
    sendJson(res, 401, { message: 'Invalid or missing access token' });
    return;
  }
  ctx.log('logout: session revoked');
  res.writeHead(204, { 'Cache-Control': 'no-store' }).end();
}
