// The auth providers' logos, taken at build time from two maintained icon sets (Iconify's JSON
// packages, both CC0): `logos` for full-colour marks, `simple-icons` for single-colour ones. Each
// becomes an SVG file under public/img/icons/, shown with <img>, so no page carries icon data in
// its JavaScript. Single-colour marks are black by brand (Apple, GitHub, X, ...): they get a
// second, light file for dark mode, like the catalogue's `hasLightIcon` providers upstream.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getIconData, iconToSVG } from '@iconify/utils';
import { SITE_DIR } from './routes.mjs';

const require = createRequire(import.meta.url);
const SETS = { logos: require('@iconify-json/logos/icons.json'), 'simple-icons': require('@iconify-json/simple-icons/icons.json') };

/**
 * Which icon each provider gets. Black marks (Apple, GitHub, X) come from simple-icons so they can
 * follow the theme. MessageBird is in neither set: its card keeps a monogram.
 */
export const PROVIDER_ICONS = {
  Apple: 'simple-icons:apple',
  'Azure (Microsoft)': 'logos:microsoft-icon',
  Bitbucket: 'logos:bitbucket',
  Discord: 'logos:discord-icon',
  Facebook: 'logos:facebook',
  Figma: 'logos:figma',
  GitHub: 'simple-icons:github',
  GitLab: 'logos:gitlab',
  Google: 'logos:google-icon',
  Kakao: 'simple-icons:kakaotalk',
  Keycloak: 'simple-icons:keycloak',
  LinkedIn: 'logos:linkedin-icon',
  Notion: 'logos:notion-icon',
  Slack: 'logos:slack-icon',
  Spotify: 'logos:spotify-icon',
  Twitter: 'simple-icons:x',
  Twitch: 'logos:twitch',
  Zoom: 'logos:zoom-icon',
  Twilio: 'logos:twilio-icon',
  Vonage: 'simple-icons:vonage',
};

const DARK_INK = '#1c1c1c';
const LIGHT_INK = '#ededed';
const slug = (provider) => provider.toLowerCase().replace(/\(.*\)/, '').trim().replace(/[^a-z0-9]+/g, '-');

function svgFile(viewBox, body, ink) {
  const painted = ink ? body.replaceAll('currentColor', ink) : body;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}">${painted}</svg>\n`;
}

/**
 * Writes public/img/icons/<provider>.svg (and <provider>-light.svg for single-colour marks) and
 * generated/provider-icons.json, `{ [provider name]: { src, lightSrc? } }`, for AuthProviders.
 */
export function writeProviderIcons() {
  const catalogue = JSON.parse(readFileSync(`${SITE_DIR}data/auth-providers.json`, 'utf8')).authProviders;
  const unknown = Object.keys(PROVIDER_ICONS).filter((name) => !catalogue.some((p) => p.name === name));
  if (unknown.length) throw new Error(`provider icons for names not in data/auth-providers.json: ${unknown.join(', ')}`);
  const dir = `${SITE_DIR}public/img/icons`;
  mkdirSync(dir, { recursive: true });
  mkdirSync(`${SITE_DIR}generated`, { recursive: true });
  const manifest = {};
  for (const [provider, id] of Object.entries(PROVIDER_ICONS)) {
    const [set, name] = id.split(':');
    const data = getIconData(SETS[set], name);
    if (!data) throw new Error(`icon ${id} for ${provider} is missing from @iconify-json/${set}`);
    const { attributes, body } = iconToSVG(data);
    const file = slug(provider);
    const themed = body.includes('currentColor');
    writeFileSync(`${dir}/${file}.svg`, svgFile(attributes.viewBox, body, themed ? DARK_INK : undefined));
    manifest[provider] = { src: `/img/icons/${file}.svg` };
    if (themed) {
      writeFileSync(`${dir}/${file}-light.svg`, svgFile(attributes.viewBox, body, LIGHT_INK));
      manifest[provider].lightSrc = `/img/icons/${file}-light.svg`;
    }
  }
  writeFileSync(`${SITE_DIR}generated/provider-icons.json`, `${JSON.stringify(manifest, null, 1)}\n`);
}
