/**
 * A project answers either on a custom hostname or on a vanity subdomain, never both (the platform
 * reports a vanity subdomain as `custom-domain-used` while a custom hostname is). Both machines and
 * the fold take the rule from here: which states count as "in use", the facts a request carries
 * about the other resource, the guards and the messages.
 */

/** Facts about the other resource, added to hostname and subdomain requests from the journal. */
export interface DomainPeerFacts {
  /** On custom hostname requests: a vanity subdomain is active (or being activated or deleted). */
  vanitySubdomainActive?: boolean;
  /** On vanity subdomain requests: a custom hostname exists in any stage. */
  customHostnameExists?: boolean;
}

/** Vanity subdomain states in which the subdomain is (or may already be) in use. */
export const SUBDOMAIN_IN_USE_STATES: readonly string[] = ['activating', 'active', 'deleting'];

/** Custom hostname states in which a hostname is configured (or being configured). */
export const HOSTNAME_ABSENT_STATES: readonly string[] = ['absent'];

/** The stream names of the two resources of one project. */
export function domainStreams(ref: string): { hostname: string; subdomain: string } {
  return { hostname: `custom-hostname:${ref}`, subdomain: `vanity-subdomain:${ref}` };
}

/** The request on each resource whose decision reads the other resource's state (its guard). */
const NEEDS_PEER: Record<string, string> = { 'custom-hostname': 'CREATE', 'vanity-subdomain': 'ACTIVATE' };

/**
 * The streams a request's decision rests on, so a command knows what to read from the platform
 * before the machine decides: the resource's own stream and, for a custom hostname's CREATE or a
 * vanity subdomain's ACTIVATE, the other resource's too.
 */
export function decisionStreams(stream: string, eventType: string): string[] {
  const kind = stream.slice(0, stream.indexOf(':'));
  const streams = domainStreams(stream.slice(stream.indexOf(':') + 1));
  const peer = kind === 'custom-hostname' ? streams.subdomain : streams.hostname;
  return NEEDS_PEER[kind] === eventType ? [stream, peer] : [stream];
}

/** The peer facts, from the leaf states of the two machines (undefined: never recorded). */
export function peerFacts(hostnameState: string | undefined, subdomainState: string | undefined): Required<DomainPeerFacts> {
  return {
    vanitySubdomainActive: subdomainState !== undefined && SUBDOMAIN_IN_USE_STATES.includes(subdomainState),
    customHostnameExists: hostnameState !== undefined && !HOSTNAME_ABSENT_STATES.includes(hostnameState),
  };
}

/** Guard: a custom hostname may be created only while no vanity subdomain is in use. */
export function hostnameAllowed(_context: unknown, event: DomainPeerFacts): boolean {
  return event.vanitySubdomainActive !== true;
}

/** Guard: a vanity subdomain may be activated only while no custom hostname exists. */
export function subdomainAllowed(_context: unknown, event: DomainPeerFacts): boolean {
  return event.customHostnameExists !== true;
}

export const HOSTNAME_BLOCKED_MESSAGE =
  'A custom hostname cannot be created while a vanity subdomain is active. Delete it first: supabase vanity-subdomains delete';

export const SUBDOMAIN_BLOCKED_MESSAGE =
  'A vanity subdomain cannot be activated while a custom hostname exists. Delete it first: supabase domains delete';

/**
 * What users must read before activating a custom hostname. `{ref}` is replaced with the project
 * ref by the orchestration layer (the part of the stream name after the colon).
 */
export const ACTIVATION_WARNING =
  'Activating the custom hostname moves auth to it: {ref}.supabase.co stops answering auth requests, ' +
  'so OAuth redirect URLs and clients that use the old URL must be updated.';

/**
 * The facts the fold adds to a request on a hostname or subdomain stream, read from the other
 * stream of the same project. `stateOf` gives a stream's current leaf state (undefined: none).
 */
export function domainRequestFacts(stream: string, stateOf: (stream: string) => string | undefined): DomainPeerFacts {
  const [kind, ref = ''] = [stream.slice(0, stream.indexOf(':')), stream.slice(stream.indexOf(':') + 1)];
  const streams = domainStreams(ref);
  const facts = peerFacts(stateOf(streams.hostname), stateOf(streams.subdomain));
  if (kind === 'custom-hostname') return { vanitySubdomainActive: facts.vanitySubdomainActive };
  if (kind === 'vanity-subdomain') return { customHostnameExists: facts.customHostnameExists };
  return {};
}
