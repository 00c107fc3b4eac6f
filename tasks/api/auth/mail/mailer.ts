/**
 * GoTrue's TemplateMailer for the native stack: each mail rendered from the project's template
 * (`[auth.email.template.<id>] content_path`, read when the mail goes out, as the original reads
 * it through Kong then) or GoTrue's default, its subject from `subject` or GoTrue's default, and
 * sent with nodemailer over SMTP to the mail catcher on `[inbucket] smtp_port` from
 * admin@email.com (GOTRUE_SMTP_ADMIN_EMAIL as the CLI sets it; no sender name). A mail that
 * cannot be sent (the catcher stopped) throws, and each flow answers GoTrue's error for it.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Transporter } from 'nodemailer';
import type { AuthApiSettings } from '../auth-settings.js';
import { renderGoTemplate, type TemplateData } from './go-template.js';
import { MAIL_TEMPLATES, type MailKind } from './mail-templates.js';

/** GOTRUE_SMTP_ADMIN_EMAIL as the original CLI configures GoTrue. */
export const ADMIN_EMAIL = 'admin@email.com';

/** Kept as promises, so that mails sent at once before the first is made share one client. */
const transports = new Map<number, Promise<Transporter>>();

/**
 * The SMTP client of the catcher on `port`, made at the first mail: nodemailer is loaded then, not
 * with the gateway (its modules are some 3 ms of every start, which waits on the gateway).
 */
function transport(port: number): Promise<Transporter> {
  let sender = transports.get(port);
  if (!sender) {
    // The catcher speaks plain SMTP on loopback; a stopped one must fail fast, not hang a request.
    sender = import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 10_000 }),
    );
    transports.set(port, sender);
  }
  return sender;
}

/** Go's url.QueryEscape: everything but letters, digits and `-_.~` escaped, a blank as `+`. */
export function goQueryEscape(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).replaceAll('%20', '+');
}

/** GoTrue's encodeRedirectURL: escaped only when it holds `&`, `=` or `#` (else taken as already escaped). */
const encodeRedirect = (url: string): string => (/[&=#]/.test(url) ? goQueryEscape(url) : url);

/**
 * The link a mail carries (GoTrue's getPath on GOTRUE_MAILER_URLPATHS_*, which the CLI points at
 * `<api url>/auth/v1/verify`).
 */
export function verifyLink(auth: AuthApiSettings, token: string, type: string, redirectTo: string): string {
  return `${auth.jwtIssuer}/verify?token=${goQueryEscape(token)}&type=${goQueryEscape(type)}&redirect_to=${encodeRedirect(redirectTo)}`;
}

/** Sends one mail of `kind` to `to`; `data` holds the template's values beside SiteURL. */
export async function sendMail(auth: AuthApiSettings, kind: MailKind, to: string, data: TemplateData): Promise<void> {
  const template = MAIL_TEMPLATES[kind];
  const own = auth.email.templates[template.configId];
  const body = own?.contentPath ? await readFile(own.contentPath, 'utf8') : template.body;
  const values = { SiteURL: auth.siteUrl, ...data };
  await (await transport(auth.smtpPort)).sendMail({
    from: ADMIN_EMAIL,
    to,
    subject: renderGoTemplate(own?.subject || template.subject, values, false),
    html: renderGoTemplate(body, values, true),
    messageId: `<${randomUUID()}@gotrue-mailer>`,
  });
}
