/**
 * GoTrue v2.132.3's mails: for each kind, its default subject and body (the words of its
 * mailer's defaults), and which `[auth.email.template.<id>]` of config.toml replaces them (the
 * CLI passes them as GOTRUE_MAILER_SUBJECTS_<ID> and GOTRUE_MAILER_TEMPLATES_<ID>). Both mails of a
 * secure email change (to the new and the current address) use the email change template and
 * subject, as GoTrue's do.
 */

export type MailKind = 'invite' | 'confirmation' | 'recovery' | 'magic_link' | 'email_change' | 'reauthentication';

export interface MailTemplate {
  /** The config.toml template id that overrides it. */
  configId: string;
  subject: string;
  body: string;
}

const INVITE = `<h2>You have been invited</h2>

<p>You have been invited to create a user on {{ .SiteURL }}. Follow this link to accept the invite:</p>
<p><a href="{{ .ConfirmationURL }}">Accept the invite</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`;

const CONFIRMATION = `<h2>Confirm your email</h2>

<p>Follow this link to confirm your email:</p>
<p><a href="{{ .ConfirmationURL }}">Confirm your email address</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>
`;

const RECOVERY = `<h2>Reset password</h2>

<p>Follow this link to reset the password for your user:</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`;

const MAGIC_LINK = `<h2>Magic Link</h2>

<p>Follow this link to login:</p>
<p><a href="{{ .ConfirmationURL }}">Log In</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`;

const EMAIL_CHANGE = `<h2>Confirm email address change</h2>

<p>Follow this link to confirm the update of your email address from {{ .Email }} to {{ .NewEmail }}:</p>
<p><a href="{{ .ConfirmationURL }}">Change email address</a></p>
<p>Alternatively, enter the code: {{ .Token }}</p>`;

const REAUTHENTICATION = `<h2>Confirm reauthentication</h2>

<p>Enter the code: {{ .Token }}</p>`;

export const MAIL_TEMPLATES: Record<MailKind, MailTemplate> = {
  invite: { configId: 'invite', subject: 'You have been invited', body: INVITE },
  confirmation: { configId: 'confirmation', subject: 'Confirm Your Email', body: CONFIRMATION },
  recovery: { configId: 'recovery', subject: 'Reset Your Password', body: RECOVERY },
  magic_link: { configId: 'magic_link', subject: 'Your Magic Link', body: MAGIC_LINK },
  email_change: { configId: 'email_change', subject: 'Confirm Email Change', body: EMAIL_CHANGE },
  reauthentication: { configId: 'reauthentication', subject: 'Confirm reauthentication', body: REAUTHENTICATION },
};
