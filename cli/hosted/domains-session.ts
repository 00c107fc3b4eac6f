/**
 * The pieces the `domains` and `vanity-subdomains` commands share: the project's two domain
 * streams, reading each one from the platform as an observation, and the task plugins.
 */
import type { CommandContext } from '../context.js';
import { resolveProjectRef } from '../project-ref.js';
import { domainStreams } from '../../machines/domains/exclusivity.js';
import type { HostnameAnswer } from '../../tasks/platform/hosted/custom-hostname.tasks.js';
import type { SubdomainAnswer } from '../../tasks/platform/hosted/vanity-subdomain.tasks.js';
import { observeIfUnknown, openHosted, type HostedSession } from './hosted-session.js';

export interface DomainsSession extends HostedSession {
  streams: { hostname: string; subdomain: string };
}

/** Resolves the project and opens its journal and the API client. */
export async function openDomains(ctx: CommandContext): Promise<DomainsSession> {
  const ref = await resolveProjectRef(ctx);
  const session = await openHosted(ctx, ref);
  return { ...session, streams: domainStreams(ref) };
}

/** Reads the custom hostname from the platform when the journal never saw it. */
export async function knowHostname(session: DomainsSession): Promise<void> {
  const { readHostnameConfig, hostnameObservation } = await import('../../tasks/platform/hosted/custom-hostname.tasks.js');
  await observeIfUnknown(session, session.streams.hostname, async () => [hostnameObservation(session.streams.hostname, await readHostnameConfig(session.api, session.ref))]);
}

/** Reads the vanity subdomain from the platform when the journal never saw it. */
export async function knowSubdomain(session: DomainsSession): Promise<void> {
  const { readSubdomainConfig, subdomainObservation } = await import('../../tasks/platform/hosted/vanity-subdomain.tasks.js');
  await observeIfUnknown(session, session.streams.subdomain, async () => [subdomainObservation(session.streams.subdomain, await readSubdomainConfig(session.api, session.ref))]);
}

/** The custom hostname machine's task plugins, leaving the platform's answer in `answer`. */
export async function hostnameTasks(session: DomainsSession, answer: HostnameAnswer) {
  const { customHostnameTasks } = await import('../../tasks/platform/hosted/custom-hostname.tasks.js');
  return customHostnameTasks(session.api, session.ref, session.ctx.env, answer);
}

/** The vanity subdomain machine's task plugins, leaving what was learnt in `answer`. */
export async function subdomainTasks(session: DomainsSession, answer: SubdomainAnswer) {
  const { vanitySubdomainTasks } = await import('../../tasks/platform/hosted/vanity-subdomain.tasks.js');
  return vanitySubdomainTasks(session.api, session.ref, answer);
}

/**
 * One step of the custom hostname flow (CREATE, REVERIFY or ACTIVATE): make sure the streams the
 * decision needs are known, ask the machine, run the call, print the platform's status text.
 */
export async function hostnameStep(ctx: CommandContext, event: { type: string; hostname?: string }): Promise<void> {
  const { requestChange } = await import('./hosted-session.js');
  const { hostnameStatusText } = await import('./hostname-status.js');
  const session = await openDomains(ctx);
  await knowHostname(session);
  // Creating is refused while a vanity subdomain is in use, so that one must be known too.
  if (event.type === 'CREATE') await knowSubdomain(session);
  const answer: HostnameAnswer = {};
  await requestChange(session, { stream: session.streams.hostname, event }, await hostnameTasks(session, answer));
  if (answer.config) ctx.io.stdout(`${hostnameStatusText(answer.config, ctx.flags['include-raw-output'] === true)}\n`);
}
