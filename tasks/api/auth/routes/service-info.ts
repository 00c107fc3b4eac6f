/**
 * GoTrue v2.132.3's two open routes: `/health` (its name, version and description) and
 * `/settings` (which providers are enabled, whether signup is open, autoconfirm, the SMS provider,
 * MFA and SAML), read by dashboards and by gotrue-js users deciding which buttons to show.
 */
import type { AuthReply, RouteContext } from '../auth-state.js';

/** GoTrue's version the original CLI 1.145.4 runs. */
export const GOTRUE_VERSION = 'v2.132.3';

/** GoTrue's ProviderSettings, in its order; `[auth.external.<p>]` names them in config.toml. */
const PROVIDERS = ['apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab', 'google', 'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'workos', 'twitch', 'twitter'] as const;

export async function health(): Promise<AuthReply> {
  return { status: 200, body: { version: GOTRUE_VERSION, name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' } };
}

export async function settings({ state }: RouteContext): Promise<AuthReply> {
  const { auth } = state;
  const external: Record<string, boolean> = {};
  for (const name of PROVIDERS) external[name] = auth.external[name]?.enabled ?? false;
  external.email = auth.email.enabled;
  external.phone = auth.sms.enabled;
  // Zoom comes after email and phone in GoTrue's struct.
  external.zoom = auth.external.zoom?.enabled ?? false;
  return {
    status: 200,
    body: {
      external,
      disable_signup: auth.disableSignup,
      mailer_autoconfirm: auth.email.autoconfirm,
      phone_autoconfirm: auth.sms.autoconfirm,
      sms_provider: auth.sms.provider,
      mfa_enabled: false,
      saml_enabled: false,
    },
  };
}
