/**
 * GoTrue (configured as the original's environment variables): settings from `[auth]`, mail through
 * inbucket, templates served by kong. No published port; readiness is its own health check run
 * inside the container.
 */
import path from 'node:path';
import type { ProjectConfig } from '../../project/config.types.js';
import { usualName, wgetCheck, type ServiceContext, type ServicePlugin } from './service-plugin.js';

type Env = Record<string, string | number | boolean>;

export const auth: ServicePlugin = {
  id: 'auth',
  containerName: usualName('auth'),
  aliases: ['auth'],
  image: (config) => config.images.auth,
  enabled: (config) => config.auth.enabled,
  container: (ctx) => ({
    env: { ...coreEnv(ctx), ...mailerEnv(ctx), ...smsEnv(ctx.config), ...hookEnv(ctx.config), ...externalEnv(ctx) },
    exposed: [9999],
    healthcheck: wgetCheck('http://127.0.0.1:9999/health'),
    logsToVector: true,
    probe: { kind: 'exec' },
  }),
};

function apiUrl({ config, host }: ServiceContext): string {
  return `http://${host}:${config.api.port}`;
}

function coreEnv(ctx: ServiceContext): Env {
  const { config, containerOf } = ctx;
  const a = config.auth;
  return {
    API_EXTERNAL_URL: apiUrl(ctx),
    GOTRUE_API_HOST: '0.0.0.0',
    GOTRUE_API_PORT: 9999,
    GOTRUE_DB_DRIVER: 'postgres',
    GOTRUE_DB_DATABASE_URL: `postgresql://supabase_auth_admin:${encodeURIComponent(config.db.password)}@${containerOf('db')}:5432/postgres`,
    GOTRUE_SITE_URL: a.site_url,
    GOTRUE_URI_ALLOW_LIST: a.additional_redirect_urls.join(','),
    GOTRUE_DISABLE_SIGNUP: !a.enable_signup,
    GOTRUE_JWT_ADMIN_ROLES: 'service_role',
    GOTRUE_JWT_AUD: 'authenticated',
    GOTRUE_JWT_DEFAULT_GROUP_NAME: 'authenticated',
    GOTRUE_JWT_EXP: a.jwt_expiry,
    GOTRUE_JWT_SECRET: a.jwt_secret,
    GOTRUE_JWT_ISSUER: `${apiUrl(ctx)}/auth/v1`,
    GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED: a.enable_refresh_token_rotation,
    GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL: a.refresh_token_reuse_interval,
    GOTRUE_SECURITY_MANUAL_LINKING_ENABLED: a.enable_manual_linking,
  };
}

function mailerEnv(ctx: ServiceContext): Env {
  const { config, containerOf } = ctx;
  const email = config.auth.email;
  const verify = `${apiUrl(ctx)}/auth/v1/verify`;
  const env: Env = {
    GOTRUE_EXTERNAL_EMAIL_ENABLED: email.enable_signup,
    GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED: email.double_confirm_changes,
    GOTRUE_MAILER_AUTOCONFIRM: !email.enable_confirmations,
    GOTRUE_SMTP_HOST: containerOf('inbucket'),
    GOTRUE_SMTP_PORT: 2500,
    GOTRUE_SMTP_ADMIN_EMAIL: 'admin@email.com',
    GOTRUE_SMTP_MAX_FREQUENCY: '1s',
    GOTRUE_MAILER_URLPATHS_INVITE: verify,
    GOTRUE_MAILER_URLPATHS_CONFIRMATION: verify,
    GOTRUE_MAILER_URLPATHS_RECOVERY: verify,
    GOTRUE_MAILER_URLPATHS_EMAIL_CHANGE: verify,
    GOTRUE_RATE_LIMIT_EMAIL_SENT: 360000,
  };
  for (const [id, template] of Object.entries(email.template)) {
    const key = id.toUpperCase();
    if (template.content_path) {
      // The file's extension only: a dot in a folder name is not one (kong mounts it the same way).
      env[`GOTRUE_MAILER_TEMPLATES_${key}`] = `http://${containerOf('kong')}:8088/email/${id}${path.extname(template.content_path)}`;
    }
    if (template.subject) env[`GOTRUE_MAILER_SUBJECTS_${key}`] = template.subject;
  }
  return env;
}

function smsEnv(config: ProjectConfig): Env {
  const sms = config.auth.sms;
  const env: Env = {
    GOTRUE_EXTERNAL_PHONE_ENABLED: sms.enable_signup,
    GOTRUE_SMS_AUTOCONFIRM: !sms.enable_confirmations,
    GOTRUE_SMS_MAX_FREQUENCY: '5s',
    GOTRUE_SMS_OTP_EXP: 6000,
    GOTRUE_SMS_OTP_LENGTH: 6,
    GOTRUE_SMS_TEMPLATE: sms.template,
    GOTRUE_SMS_TEST_OTP: Object.entries(sms.test_otp).map(([phone, otp]) => `${phone}:${otp}`).join(','),
  };
  // Env names per provider field, as GoTrue reads them.
  const fields: Record<string, Record<string, string>> = {
    twilio: { account_sid: 'ACCOUNT_SID', auth_token: 'AUTH_TOKEN', message_service_sid: 'MESSAGE_SERVICE_SID' },
    twilio_verify: { account_sid: 'ACCOUNT_SID', auth_token: 'AUTH_TOKEN', message_service_sid: 'MESSAGE_SERVICE_SID' },
    messagebird: { access_key: 'ACCESS_KEY', originator: 'ORIGINATOR' },
    textlocal: { api_key: 'API_KEY', sender: 'SENDER' },
    vonage: { api_key: 'API_KEY', api_secret: 'API_SECRET', from: 'FROM' },
  };
  for (const [provider, names] of Object.entries(fields)) {
    const settings = sms[provider as keyof typeof fields & keyof typeof sms] as unknown as Record<string, string | boolean | undefined>;
    if (!settings.enabled) continue;
    env.GOTRUE_SMS_PROVIDER = provider;
    for (const [field, name] of Object.entries(names)) env[`GOTRUE_SMS_${provider.toUpperCase()}_${name}`] = String(settings[field] ?? '');
  }
  return env;
}

function hookEnv(config: ProjectConfig): Env {
  const env: Env = {};
  for (const [name, hook] of Object.entries(config.auth.hook)) {
    if (!hook.enabled) continue;
    const key = `GOTRUE_HOOK_${name.toUpperCase()}`;
    env[`${key}_ENABLED`] = true;
    env[`${key}_URI`] = hook.uri;
  }
  return env;
}

function externalEnv(ctx: ServiceContext): Env {
  const env: Env = {};
  for (const [name, provider] of Object.entries(ctx.config.auth.external)) {
    const key = `GOTRUE_EXTERNAL_${name.toUpperCase()}`;
    env[`${key}_ENABLED`] = provider.enabled;
    env[`${key}_CLIENT_ID`] = provider.client_id;
    env[`${key}_SECRET`] = provider.secret;
    env[`${key}_REDIRECT_URI`] = provider.redirect_uri || `${apiUrl(ctx)}/auth/v1/callback`;
    if (provider.url) env[`${key}_URL`] = provider.url;
  }
  return env;
}
