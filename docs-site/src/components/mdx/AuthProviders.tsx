import React from 'react';
import { Link } from 'gatsby';
import catalogue from '../../../data/auth-providers.json';

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

/** Cards for every provider of the catalogue: `<AuthProviders type="social" />` (or `phone`). */
export default function AuthProviders({ type = 'social' }: { type?: 'social' | 'phone' }) {
  return (
    <ul className="provider-grid">
      {providers
        .filter((provider) => provider.authType === type)
        .map((provider) => (
          <li key={provider.name}>
            <Link to={provider.href} className="provider-card">
              {/* No logo files ship with the site: a monogram keeps cards the same size. */}
              <span className="provider-card__mark" aria-hidden="true">{provider.name.charAt(0)}</span>
              <span className="provider-card__name">{provider.name}</span>
              <span className="provider-card__meta">
                {provider.official ? 'Official' : `Community (${provider.supporter})`}
                {provider.platform && ' · Platform'}
                {provider.selfHosted && ' · Self-hosted'}
              </span>
            </Link>
          </li>
        ))}
    </ul>
  );
}
