/**
 * GoTrue v2.132.3's OAuth providers that read the user from one plain API after the code exchange
 * (bitbucket, discord, facebook, figma, fly, kakao, linkedin, notion, slack, spotify, twitch,
 * workos, zoom), each as its provider/*.go builds it: the hosts (the `url` setting replaces each of
 * them, GoTrue's chooseHost), the default scopes (plus the request's `scopes` where GoTrue takes
 * them: not bitbucket, notion, workos or zoom), the user-info request, and the claims it maps into
 * UserProvidedData, including which addresses GoTrue counts as verified.
 */
import { createHmac } from 'node:crypto';
import type { AuthExternalProvider } from '../auth-settings.js';
import { providerGet } from './oauth-http.js';
import { chooseHost, claims, endpoints, primaryEmail, withScopes, type OAuthProvider, type ProviderBuilder } from './provider-kit.js';

const trimmed = (...parts: (string | undefined)[]): string => parts.map((part) => part ?? '').join(' ').trim();

function bitbucket(config: AuthExternalProvider): OAuthProvider {
  const authHost = chooseHost(config.url, 'bitbucket.org');
  const api = `${chooseHost(config.url, 'api.bitbucket.org')}/2.0`;
  return {
    endpoints: endpoints(config, `${authHost}/site/oauth2/authorize`, `${authHost}/site/oauth2/access_token`, ['account', 'email']),
    async userData(token) {
      const user = await providerGet<{ display_name?: string; uuid?: string; avatar?: { href?: string } }>(token, `${api}/user`);
      const listed = await providerGet<{ values?: { email?: string; is_primary?: boolean; is_confirmed?: boolean }[] }>(token, `${api}/user/emails`);
      const emails = (listed.values ?? []).filter((entry) => entry.email).map((entry) => ({ email: entry.email!, verified: entry.is_confirmed === true, primary: entry.is_primary === true }));
      const avatar = user.avatar?.href;
      return { emails, metadata: claims({ iss: api, sub: user.uuid, name: user.display_name, picture: avatar, avatar_url: avatar, full_name: user.display_name, provider_id: user.uuid }) };
    },
  };
}

function discord(config: AuthExternalProvider, scopes: string): OAuthProvider {
  const api = `${chooseHost(config.url, 'discord.com')}/api`;
  return {
    endpoints: endpoints(config, `${api}/oauth2/authorize`, `${api}/oauth2/token`, withScopes(['email', 'identify'], scopes)),
    async userData(token) {
      const user = await providerGet<{ avatar?: string; discriminator?: string; email?: string; id?: string; username?: string; global_name?: string; verified?: boolean }>(token, `${api}/users/@me`);
      let avatar: string;
      if (user.avatar) {
        avatar = `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.${user.avatar.startsWith('a_') ? 'gif' : 'png'}`;
      } else {
        // GoTrue's strconv.Atoi: a discriminator that is not a number fails the sign-in.
        if (!/^[+-]?\d+$/.test(user.discriminator ?? '')) throw new Error(`strconv.Atoi: parsing "${user.discriminator ?? ''}": invalid syntax`);
        avatar = `https://cdn.discordapp.com/embed/avatars/${Number(user.discriminator) % 5}.png`;
      }
      return {
        emails: primaryEmail(user.email, user.verified === true),
        metadata: claims({
          iss: api, sub: user.id, name: `${user.username ?? ''}#${user.discriminator ?? ''}`, picture: avatar, custom_claims: { global_name: user.global_name ?? '' },
          avatar_url: avatar, full_name: user.username, provider_id: user.id,
        }),
      };
    },
  };
}

function facebook(config: AuthExternalProvider, scopes: string): OAuthProvider {
  const profileUrl = `${chooseHost(config.url, 'graph.facebook.com')}/me?fields=email,first_name,last_name,name,picture`;
  return {
    endpoints: endpoints(config, `${chooseHost(config.url, 'www.facebook.com')}/dialog/oauth`, `${chooseHost(config.url, 'graph.facebook.com')}/oauth/access_token`, withScopes(['email'], scopes)),
    async userData(token) {
      // Graph API calls are proven with the app secret (appsecret_proof), as GoTrue sends it.
      const proof = createHmac('sha256', config.secret).update(token.accessToken).digest('hex');
      const user = await providerGet<{ id?: string; email?: string; first_name?: string; last_name?: string; name?: string; picture?: { data?: { url?: string } } }>(token, `${profileUrl}&appsecret_proof=${proof}`);
      const name = trimmed(user.first_name, user.last_name);
      const picture = user.picture?.data?.url;
      return { emails: primaryEmail(user.email, true), metadata: claims({ iss: profileUrl, sub: user.id, name, nickname: user.name, picture, slug: user.name, avatar_url: picture, full_name: name, provider_id: user.id }) };
    },
  };
}

function figma(config: AuthExternalProvider, scopes: string): OAuthProvider {
  const authHost = chooseHost(config.url, 'www.figma.com');
  const api = chooseHost(config.url, 'api.figma.com');
  return {
    endpoints: endpoints(config, `${authHost}/oauth`, `${authHost}/api/oauth/token`, withScopes(['file_read'], scopes)),
    async userData(token) {
      const user = await providerGet<{ id?: string; email?: string; handle?: string; img_url?: string }>(token, `${api}/v1/me`);
      return { emails: primaryEmail(user.email, true), metadata: claims({ iss: api, sub: user.id, name: user.handle, email: user.email, email_verified: true, avatar_url: user.img_url, full_name: user.handle, provider_id: user.id }) };
    },
  };
}

function fly(config: AuthExternalProvider, scopes: string): OAuthProvider {
  const host = chooseHost(config.url, 'api.fly.io');
  return {
    endpoints: endpoints(config, `${host}/oauth/authorize`, `${host}/oauth/token`, withScopes(['read'], scopes)),
    async userData(token) {
      const info = await providerGet<{ resource_owner_id?: string; user_id?: string; user_name?: string; email?: string; organizations?: unknown[]; scope?: string[]; application?: Record<string, string>; created_at?: number }>(token, `${host}/oauth/token/info`);
      return {
        emails: primaryEmail(info.email, true),
        metadata: claims({
          iss: host, sub: info.user_id, full_name: info.user_name, email: info.email, email_verified: true, provider_id: info.user_id,
          // Go's zero values: a nil slice or map is null, a missing number 0.
          custom_claims: { resource_owner_id: info.resource_owner_id ?? '', organizations: info.organizations ?? null, application: info.application ?? null, scope: info.scope ?? null, created_at: info.created_at ?? 0 },
        }),
      };
    },
  };
}

function kakao(config: AuthExternalProvider, scopes: string): OAuthProvider {
  const authHost = chooseHost(config.url, 'kauth.kakao.com');
  const api = chooseHost(config.url, 'kapi.kakao.com');
  return {
    // Kakao takes the client's credentials in the form only (AuthStyleInParams).
    endpoints: endpoints(config, `${authHost}/oauth/authorize`, `${authHost}/oauth/token`, withScopes(['account_email', 'profile_image', 'profile_nickname'], scopes), true),
    async userData(token) {
      const user = await providerGet<{ id?: number; kakao_account?: { profile?: { nickname?: string; profile_image_url?: string }; email?: string; is_email_valid?: boolean; is_email_verified?: boolean } }>(token, `${api}/v2/user/me`);
      const account = user.kakao_account ?? {};
      const id = String(user.id ?? 0);
      const nickname = account.profile?.nickname;
      return {
        emails: primaryEmail(account.email, account.is_email_verified === true && account.is_email_valid === true),
        metadata: claims({ iss: api, sub: id, name: nickname, preferred_username: nickname, avatar_url: account.profile?.profile_image_url, full_name: nickname, provider_id: id, user_name: nickname }),
      };
    },
  };
}

interface LinkedinName {
  localized?: Record<string, string>;
  preferredLocale?: { country?: string; language?: string };
}

/** GoTrue's GetName: the name in the member's preferred locale. */
const linkedinName = (name: LinkedinName | undefined): string => name?.localized?.[`${name.preferredLocale?.language ?? ''}_${name.preferredLocale?.country ?? ''}`] ?? '';

function linkedin(config: AuthExternalProvider, scopes: string): OAuthProvider {
  const api = chooseHost(config.url, 'api.linkedin.com');
  return {
    endpoints: endpoints(config, `${api}/oauth/v2/authorization`, `${api}/oauth/v2/accessToken`, withScopes(['r_emailaddress', 'r_liteprofile'], scopes)),
    async userData(token) {
      type Picture = { 'displayImage~'?: { elements?: { identifiers?: { identifier?: string }[] }[] } };
      const user = await providerGet<{ id?: string; firstName?: LinkedinName; lastName?: LinkedinName; profilePicture?: Picture }>(token, `${api}/v2/me?projection=(id,firstName,lastName,profilePicture(displayImage~:playableStreams))`);
      const listed = await providerGet<{ elements?: { 'handle~'?: { emailAddress?: string } }[] }>(token, `${api}/v2/emailAddress?q=members&projection=(elements*(handle~))`);
      const email = listed.elements?.[0]?.['handle~']?.emailAddress;
      const avatar = user.profilePicture?.['displayImage~']?.elements?.[0]?.identifiers?.[0]?.identifier;
      const name = trimmed(linkedinName(user.firstName), linkedinName(user.lastName));
      return { emails: primaryEmail(email, true), metadata: claims({ iss: api, sub: user.id, name, picture: avatar, email, email_verified: true, avatar_url: avatar, full_name: name, provider_id: user.id }) };
    },
  };
}

function notion(config: AuthExternalProvider): OAuthProvider {
  const host = chooseHost(config.url, 'api.notion.com');
  return {
    endpoints: endpoints(config, `${host}/v1/oauth/authorize`, `${host}/v1/oauth/token`, []),
    async userData(token) {
      const me = await providerGet<{ bot?: { owner?: { user?: { id?: string; name?: string; avatar_url?: string; person?: { email?: string } } } } }>(token, `${host}/v1/users/me`, { 'Notion-Version': '2021-08-16' });
      const user = me.bot?.owner?.user ?? {};
      return { emails: primaryEmail(user.person?.email, true), metadata: claims({ iss: host, sub: user.id, name: user.name, picture: user.avatar_url, avatar_url: user.avatar_url, full_name: user.name, provider_id: user.id }) };
    },
  };
}

function slack(config: AuthExternalProvider, scopes: string): OAuthProvider {
  const host = chooseHost(config.url, 'slack.com');
  const api = `${host}/api`;
  return {
    endpoints: endpoints(config, `${host}/oauth/authorize`, `${api}/oauth.access`, withScopes(['profile', 'email', 'openid'], scopes)),
    async userData(token) {
      const user = await providerGet<Record<string, string | undefined>>(token, `${api}/openid.connect.userInfo`);
      const id = user['https://slack.com/user_id'];
      return {
        emails: primaryEmail(user.email, true),
        metadata: claims({ iss: api, sub: id, name: user.name, picture: user.picture, custom_claims: { 'https://slack.com/team_id': user['https://slack.com/team_id'] ?? '' }, avatar_url: user.picture, full_name: user.name, provider_id: id }),
      };
    },
  };
}

function spotify(config: AuthExternalProvider, scopes: string): OAuthProvider {
  const api = chooseHost(config.url, 'api.spotify.com/v1');
  const authHost = chooseHost(config.url, 'accounts.spotify.com');
  return {
    endpoints: endpoints(config, `${authHost}/authorize`, `${authHost}/api/token`, withScopes(['user-read-email'], scopes)),
    async userData(token) {
      const user = await providerGet<{ display_name?: string; images?: { url?: string }[]; email?: string; id?: string }>(token, `${api}/me`);
      const avatar = user.images?.[0]?.url;
      // Spotify does not say whether the address is verified: GoTrue counts it as not.
      return { emails: primaryEmail(user.email, false), metadata: claims({ iss: api, sub: user.id, name: user.display_name, picture: avatar, avatar_url: avatar, full_name: user.display_name, provider_id: user.id }) };
    },
  };
}

function twitch(config: AuthExternalProvider, scopes: string): OAuthProvider {
  const api = chooseHost(config.url, 'api.twitch.tv');
  const authHost = chooseHost(config.url, 'id.twitch.tv');
  return {
    endpoints: endpoints(config, `${authHost}/oauth2/authorize`, `${authHost}/oauth2/token`, withScopes(['user:read:email'], scopes)),
    async userData(token) {
      type TwitchUser = { id?: string; login?: string; display_name?: string; type?: string; broadcaster_type?: string; description?: string; profile_image_url?: string; offline_image_url?: string; view_count?: number; email?: string };
      const users = await providerGet<{ data?: TwitchUser[] }>({ ...token, tokenType: 'Bearer' }, `${api}/helix/users`, { 'Client-Id': config.clientId });
      const user = users.data?.[0];
      if (!user) throw new Error('unable to find user with twitch provider');
      return {
        emails: primaryEmail(user.email, true),
        metadata: claims({
          iss: api, sub: user.id, picture: user.profile_image_url, name: user.login, nickname: user.display_name,
          custom_claims: { broadcaster_type: user.broadcaster_type ?? '', description: user.description ?? '', type: user.type ?? '', offline_image_url: user.offline_image_url ?? '', view_count: user.view_count ?? 0 },
          slug: user.display_name, avatar_url: user.profile_image_url, full_name: user.login, provider_id: user.id,
        }),
      };
    },
  };
}

function workos(config: AuthExternalProvider): OAuthProvider {
  const api = chooseHost(config.url, 'api.workos.com');
  return {
    endpoints: endpoints(config, `${api}/sso/authorize`, `${api}/sso/token`, []),
    // WorkOS hands the profile out with the token: there is no user-info request.
    userData(token) {
      const profile = (token.extra.profile ?? {}) as { id?: string; connection_id?: string; organization_id?: string; email?: string; first_name?: string; last_name?: string };
      const name = trimmed(profile.first_name, profile.last_name);
      return Promise.resolve({
        emails: primaryEmail(profile.email, true),
        metadata: claims({ iss: api, sub: profile.id, name, custom_claims: { connection_id: profile.connection_id ?? '', organization_id: profile.organization_id ?? '' }, full_name: name, provider_id: profile.id }),
      });
    },
  };
}

function zoom(config: AuthExternalProvider): OAuthProvider {
  const api = `${chooseHost(config.url, 'api.zoom.us')}/v2`;
  const authPath = `${chooseHost(config.url, 'zoom.us')}/oauth`;
  return {
    endpoints: endpoints(config, `${authPath}/authorize`, `${authPath}/token`, []),
    async userData(token) {
      const user = await providerGet<{ id?: string; first_name?: string; last_name?: string; email?: string; verified?: number; login_type?: string; pic_url?: string }>(token, `${api}/users/me`);
      const name = trimmed(user.first_name, user.last_name);
      // GoTrue: verified unless a Zoom-login account (login_type 100) says it is not.
      const verified = user.login_type !== '100' || (user.verified ?? 0) !== 0;
      return { emails: primaryEmail(user.email, verified), metadata: claims({ iss: api, sub: user.id, name, picture: user.pic_url, avatar_url: user.pic_url, full_name: name, provider_id: user.id }) };
    },
  };
}

export const SOCIAL_PROVIDERS: Record<string, ProviderBuilder> = { bitbucket, discord, facebook, figma, fly, kakao, linkedin, notion, slack, spotify, twitch, workos, zoom };
