/**
 * What the native Auth service is told of `[auth]` in config.toml: the settings the original CLI
 * passes to GoTrue v2.132.3 as GOTRUE_* variables (site URL, redirect allow list, signup and
 * confirmation switches, refresh token rotation, SMS test OTPs, external providers, templates),
 * resolved once by the CLI and carried to the gateway in its 0600 settings file. Flows that this
 * part does not serve yet (mail, OTP, OAuth) read theirs from here too, so nothing is read twice.
 */
import path from 'node:path';
import type { ProjectConfig } from '../../project/config.types.js';

export interface AuthExternalProvider {
  enabled: boolean;
  clientId: string;
  secret: string;
  /** The provider's own URL (GitLab, Keycloak, Azure, WorkOS), empty when not set. */
  url: string;
  /** GoTrue's callback: `[auth.external.<p>] redirect_uri`, else `<api url>/auth/v1/callback`. */
  redirectUri: string;
}

export interface AuthApiSettings {
  siteUrl: string;
  /** `additional_redirect_urls` (GOTRUE_URI_ALLOW_LIST). */
  uriAllowList: string[];
  /** GOTRUE_JWT_ISSUER: `<api url>/auth/v1`. */
  jwtIssuer: string;
  disableSignup: boolean;
  refreshTokenRotation: boolean;
  /** Seconds a revoked refresh token may still be swapped (a client retrying). */
  refreshTokenReuseInterval: number;
  manualLinking: boolean;
  email: {
    /** GOTRUE_EXTERNAL_EMAIL_ENABLED: `[auth.email] enable_signup`. */
    enabled: boolean;
    /** GOTRUE_MAILER_AUTOCONFIRM: the opposite of `enable_confirmations` (true locally by default). */
    autoconfirm: boolean;
    /** GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED: `double_confirm_changes`. */
    secureEmailChange: boolean;
    /** Seconds between two mails to one user: GOTRUE_SMTP_MAX_FREQUENCY, which the CLI sets to 1s. */
    maxFrequency: number;
    otpLength: number;
    /** Seconds an email OTP or link stays valid: GoTrue's GOTRUE_MAILER_OTP_EXP default (a day), which the CLI keeps. */
    otpExp: number;
    /** `[auth.email.template.<id>]`: subject, and content_path made absolute against the project root. */
    templates: Record<string, { subject: string; contentPath: string }>;
  };
  sms: {
    /** GOTRUE_EXTERNAL_PHONE_ENABLED: `[auth.sms] enable_signup`. */
    enabled: boolean;
    autoconfirm: boolean;
    /** The enabled SMS provider's name (twilio, twilio_verify, messagebird, textlocal, vonage), or empty. */
    provider: string;
    template: string;
    /** Phone number to fixed OTP (`[auth.sms.test_otp]`). */
    testOtp: Record<string, string>;
    /** The CLI's fixed values: 5 s between SMS, OTPs valid 6000 s, 6 digits. */
    maxFrequency: number;
    otpExp: number;
    otpLength: number;
    providers: ProjectConfig['auth']['sms'];
  };
  /** `[auth.external.<p>]` by provider name, as config.toml lists them. */
  external: Record<string, AuthExternalProvider>;
  hook: ProjectConfig['auth']['hook'];
  /** The mail catcher's SMTP port (inbucket), where the native stack's mail goes. */
  smtpPort: number;
}

const SMS_PROVIDERS = ['twilio', 'twilio_verify', 'messagebird', 'textlocal', 'vonage'] as const;

/** The Auth settings of a project, as the original CLI derives GoTrue's environment from config.toml. */
export function authSettingsFromConfig(config: ProjectConfig, apiUrl: string, root = process.cwd()): AuthApiSettings {
  const { auth } = config;
  const external: Record<string, AuthExternalProvider> = {};
  for (const [name, provider] of Object.entries(auth.external)) {
    external[name] = {
      enabled: provider.enabled,
      clientId: provider.client_id,
      secret: provider.secret,
      url: provider.url,
      redirectUri: provider.redirect_uri || `${apiUrl}/auth/v1/callback`,
    };
  }
  const templates: AuthApiSettings['email']['templates'] = {};
  for (const [id, template] of Object.entries(auth.email.template)) templates[id] = { subject: template.subject, contentPath: template.content_path && path.resolve(root, template.content_path) };
  return {
    siteUrl: auth.site_url,
    uriAllowList: auth.additional_redirect_urls,
    jwtIssuer: `${apiUrl}/auth/v1`,
    disableSignup: !auth.enable_signup,
    refreshTokenRotation: auth.enable_refresh_token_rotation,
    refreshTokenReuseInterval: auth.refresh_token_reuse_interval,
    manualLinking: auth.enable_manual_linking,
    email: {
      enabled: auth.email.enable_signup,
      autoconfirm: !auth.email.enable_confirmations,
      secureEmailChange: auth.email.double_confirm_changes,
      maxFrequency: 1,
      otpLength: 6,
      otpExp: 86_400,
      templates,
    },
    sms: {
      enabled: auth.sms.enable_signup,
      autoconfirm: !auth.sms.enable_confirmations,
      provider: SMS_PROVIDERS.find((name) => auth.sms[name].enabled) ?? '',
      template: auth.sms.template,
      testOtp: auth.sms.test_otp,
      maxFrequency: 5,
      otpExp: 6000,
      otpLength: 6,
      providers: auth.sms,
    },
    external,
    hook: auth.hook,
    smtpPort: config.inbucket.smtp_port,
  };
}
