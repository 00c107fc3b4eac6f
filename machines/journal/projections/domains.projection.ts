/**
 * A project's custom hostname and vanity subdomain as later commands read them (`domains`,
 * `vanity-subdomains`), with the exclusivity facts the next request will carry.
 */
import { domainStreams, peerFacts, type DomainPeerFacts } from '../../domains/exclusivity.js';
import type { FoldState } from '../fold.js';
import { viewOf } from '../state-view.js';

/** The custom hostname of a project. */
export interface CustomHostnameProjection {
  /** absent, creating, pending, reverifying, verified, activating, active or deleting. */
  state: string;
  hostname: string | null;
  /** The platform's last status string. */
  status: string | null;
  error: string | null;
}

/** The vanity subdomain of a project. */
export interface VanitySubdomainProjection {
  /** unused, checking, available, activating, active or deleting. */
  state: string;
  subdomain: string | null;
  customDomain: string | null;
  error: string | null;
}

/** Both resources of one project ref. */
export interface DomainsProjection {
  ref: string;
  customHostname: CustomHostnameProjection;
  vanitySubdomain: VanitySubdomainProjection;
  facts: Required<DomainPeerFacts>;
}

/** The domains projection of a fold for one project ref. */
export function domainsProjection(fold: FoldState, ref: string): DomainsProjection {
  const streams = domainStreams(ref);
  const hostname = viewOf(fold, streams.hostname).snapshot;
  const subdomain = viewOf(fold, streams.subdomain).snapshot;
  const h = hostname.context as { hostname: string | null; status: string | null; error: string | null };
  const s = subdomain.context as { subdomain: string | null; customDomain: string | null; error: string | null };
  return {
    ref,
    customHostname: { state: hostname.value, hostname: h.hostname, status: h.status, error: h.error },
    vanitySubdomain: { state: subdomain.value, subdomain: s.subdomain, customDomain: s.customDomain, error: s.error },
    facts: peerFacts(hostname.value, subdomain.value),
  };
}
