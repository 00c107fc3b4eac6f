/**
 * The effects behind the vanity subdomain machine's in-flight states (`vanity-subdomain.*` tasks)
 * and the observation `vanity-subdomains get` records, with the original's routes and messages
 * (internal/vanity_subdomains).
 */
import type { NewEvent } from '../../../machines/journal/journal-event.js';
import type { TaskPlugin } from '../../orchestration/orchestration-types.js';
import { expectAnswer, type ManagementClient } from '../client/client.js';
import type { components } from '../client/management-api.gen.js';

export type SubdomainConfig = components['schemas']['VanitySubdomainConfigResponse'];

/** What the tasks learnt, for the command to print. */
export interface SubdomainAnswer {
  available?: boolean;
  customDomain?: string;
}

/** Reads the configuration (`Status: ...`). */
export function readSubdomainConfig(api: ManagementClient, ref: string): Promise<SubdomainConfig> {
  return expectAnswer(api.GET('/v1/projects/{ref}/vanity-subdomain', { params: { path: { ref } } }), [200], 'failed to obtain vanity subdomain config: ');
}

/** The plugins for the vanity subdomain machine of project `ref`. */
export function vanitySubdomainTasks(api: ManagementClient, ref: string, answer: SubdomainAnswer): Record<string, TaskPlugin> {
  const path = { params: { path: { ref } } };
  const requested = (request: Record<string, unknown>) => ({ vanity_subdomain: String(request.subdomain ?? '') });
  return {
    'vanity-subdomain.check': {
      title: 'Checking whether the subdomain is available',
      run: async ({ request }) => {
        const body = requested(request);
        const result = await expectAnswer(
          api.POST('/v1/projects/{ref}/vanity-subdomain/check-availability', { ...path, body }),
          [201],
          'failed to check subdomain availability: ',
        );
        answer.available = result.available;
        return { type: 'CHECKED', data: { subdomain: body.vanity_subdomain, available: result.available } };
      },
    },
    'vanity-subdomain.activate': {
      title: 'Activating the vanity subdomain',
      run: async ({ request }) => {
        const result = await expectAnswer(
          api.POST('/v1/projects/{ref}/vanity-subdomain/activate', { ...path, body: requested(request) }),
          [201],
          'failed to create vanity subdomain config: ',
        );
        answer.customDomain = result.custom_domain;
        return { type: 'ACTIVATED', data: { customDomain: result.custom_domain } };
      },
    },
    'vanity-subdomain.delete': {
      title: 'Releasing the vanity subdomain',
      run: async () => {
        await expectAnswer(api.DELETE('/v1/projects/{ref}/vanity-subdomain', path), [200], 'failed to delete vanity subdomain config; received: ');
        return { type: 'DELETED' };
      },
    },
  };
}

/** The observation of what the platform has now, as an event for the project's subdomain stream. */
export function subdomainObservation(stream: string, config: SubdomainConfig): NewEvent {
  return { stream, type: 'OBSERVED', data: { status: config.status, ...(config.custom_domain ? { customDomain: config.custom_domain } : {}) } };
}
