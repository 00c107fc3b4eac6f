/**
 * GoTrue v2.132.3's Twitter provider (provider/twitter.go), the one OAuth 1.0a provider: its hosts
 * under api.twitter.com (the `url` setting replaces it, GoTrue's chooseHost), a request token fetched
 * for the callback `<redirect_uri>?state=<state>` (the state rides in the callback, since OAuth 1.0a
 * has no state parameter), the user sent to /oauth/authenticate with it, the verifier exchanged at
 * /oauth/access_token, and the user read from 1.1/account/verify_credentials.json with its address
 * (include_email=true), counted verified and primary as GoTrue counts it, into GoTrue's Claims. The
 * request's `scopes` are not used: Twitter's permissions are the app's.
 */
import type { AuthExternalProvider } from '../auth-settings.js';
import { fetchAccessToken, fetchRequestToken, signedGet, type OAuth1Consumer } from './oauth1-client.js';
import { goEncodeValues } from './oauth-http.js';
import { chooseHost, claims, primaryEmail, type OAuth1Provider } from './provider-kit.js';

/** The members of verify_credentials that GoTrue's twitterUser reads. */
interface TwitterUser {
  id_str?: unknown;
  name?: unknown;
  screen_name?: unknown;
  profile_image_url_https?: unknown;
  email?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The body as GoTrue decodes it: an answer it cannot read is an empty user (refused later for its missing address). */
function readUser(body: string): TwitterUser {
  try {
    const parsed = JSON.parse(body) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as TwitterUser) : {};
  } catch {
    return {};
  }
}

export function twitter(config: AuthExternalProvider): OAuth1Provider {
  const host = chooseHost(config.url, 'api.twitter.com');
  const consumer: OAuth1Consumer = { key: config.clientId, secret: config.secret };
  const userInfoUrl = `${host}/1.1/account/verify_credentials.json`;
  return {
    protocol: 'oauth1',
    async authorize(state) {
      const requestToken = await fetchRequestToken(consumer, `${host}/oauth/request_token`, `${config.redirectUri}?state=${state}`);
      return { requestToken, url: `${host}/oauth/authenticate?${goEncodeValues(new Map([['oauth_token', requestToken.token]]))}` };
    },
    accessToken: (requestToken, verifier) => fetchAccessToken(consumer, `${host}/oauth/access_token`, requestToken, verifier),
    async userData(accessToken) {
      const query: [string, string][] = [['include_entities', 'false'], ['skip_status', 'true'], ['include_email', 'true']];
      const user = readUser(await signedGet(consumer, userInfoUrl, query, accessToken));
      const id = text(user.id_str);
      const name = text(user.name);
      const username = text(user.screen_name);
      const avatar = text(user.profile_image_url_https);
      return {
        emails: primaryEmail(text(user.email), true),
        metadata: claims({ iss: userInfoUrl, sub: id, name, picture: avatar, preferred_username: username, user_name: username, full_name: name, avatar_url: avatar, provider_id: id }),
      };
    },
  };
}
