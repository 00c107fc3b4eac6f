import React from 'react';
import SiteLink from '../SiteLink';
import catalogue from '../../../data/auth-providers.json';
import icons from '../../../generated/provider-icons.json';

interface Provider {
  name: string;
  href: string;
  official: boolean;
  supporter: string;
  platform: boolean;
  selfHosted: boolean;
  authType: 'social' | 'phone';
}

const providers = (catalogue as { authProviders: Provider[] }).authProviders;
/** Logo files written at build time from the icon packages (lib/provider-icons.mjs). */
const logos = icons as Record<string, { src: string; lightSrc?: string }>;

/** The provider's logo; a black mark gets its light file in dark mode. A monogram when there is none. */
function Logo({ name }: { name: string }) {
  const logo = logos[name];
  if (!logo) return <span className="provider-card__mark" aria-hidden="true">{name.charAt(0)}</span>;
  return (
    <span className="provider-card__mark provider-card__mark--logo" aria-hidden="true">
      <img className={logo.lightSrc ? 'provider-card__logo provider-card__logo--dark-ink' : 'provider-card__logo'} src={logo.src} alt="" width={24} height={24} />
      {logo.lightSrc && <img className="provider-card__logo provider-card__logo--light-ink" src={logo.lightSrc} alt="" width={24} height={24} loading="lazy" />}
    </span>
  );
}

/** Cards for every provider of the catalogue: `<AuthProviders type="social" />` (or `phone`). */
export default function AuthProviders({ type = 'social' }: { type?: 'social' | 'phone' }) {
  return (
    <ul className="provider-grid">
      {providers
        .filter((provider) => provider.authType === type)
        .map((provider) => (
          <li key={provider.name}>
            <SiteLink to={provider.href} className="provider-card" data-provider={provider.name}>
              <Logo name={provider.name} />
              <span className="provider-card__name">{provider.name}</span>
              <span className="provider-card__meta">
                {provider.official ? 'Official' : `Community (${provider.supporter})`}
                {provider.platform && ' · Platform'}
                {provider.selfHosted && ' · Self-hosted'}
              </span>
            </SiteLink>
          </li>
        ))}
    </ul>
  );
}
