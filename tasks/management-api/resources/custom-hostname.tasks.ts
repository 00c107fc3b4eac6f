/**
 * The effects behind the custom hostname machine's in-flight states (`custom-hostname.*` tasks),
 * and the observation `domains get` records. Each call and message follows the original's
 * internal/hostnames package; the platform's answer is kept for the command to print.
 */
import type { NewEvent } from '../../../machines/journal/journal-event.js';
import type { Outcome, TaskPlugin } from '../../orchestration/orchestration-types.js';
import { TaskError } from '../../task-error.js';
import { expectAnswer, type ManagementClient } from '../client/client.js';
import type { components } from '../client/management-api.gen.js';
import { verifyCname } from './cname-check.js';

export type HostnameConfig = components['schemas']['UpdateCustomHostnameResponse'];

/** Where the tasks leave the platform's last answer, for the command to render. */
export interface HostnameAnswer {
  hostname?: HostnameConfig;
}

function outcomeOf(type: string, config: HostnameConfig): Outcome {
  return { type, data: { hostname: config.custom_hostname, status: config.status } };
}

/** Reads the configuration; the original's GetCustomHostnameConfig. */
export function readHostnameConfig(api: ManagementClient, ref: string): Promise<HostnameConfig> {
  return expectAnswer(api.GET('/v1/projects/{ref}/custom-hostname', { params: { path: { ref } } }), [200], 'failed to get custom hostname config; received: ');
}

/** The plugins for the custom hostname machine of project `ref`. */
export function customHostnameTasks(api: ManagementClient, ref: string, env: NodeJS.ProcessEnv, answer: HostnameAnswer): Record<string, TaskPlugin> {
  const path = { params: { path: { ref } } };
  return {
    'custom-hostname.create': {
      title: 'Registering the custom hostname',
      run: async ({ request }) => {
        const hostname = String(request.hostname ?? '');
        await verifyCname(ref, hostname, env);
        const body = { custom_hostname: hostname };
        answer.hostname = await expectAnswer(api.POST('/v1/projects/{ref}/custom-hostname/initialize', { ...path, body }), [201], 'failed to create custom hostname config: ');
        return outcomeOf('CREATED', answer.hostname);
      },
    },
    'custom-hostname.reverify': {
      title: 'Asking the platform to verify the custom hostname',
      run: async () => {
        answer.hostname = await expectAnswer(api.POST('/v1/projects/{ref}/custom-hostname/reverify', path), [201], 'failed to re-verify custom hostname config: ');
        return outcomeOf('REVERIFIED', answer.hostname);
      },
    },
    'custom-hostname.activate': {
      title: 'Activating the custom hostname',
      run: async () => {
        const current = await readHostnameConfig(api, ref);
        await verifyCname(ref, current.custom_hostname, env);
        answer.hostname = await expectAnswer(api.POST('/v1/projects/{ref}/custom-hostname/activate', path), [201], 'failed to activate custom hostname config: ');
        return outcomeOf('ACTIVATED', answer.hostname);
      },
    },
    'custom-hostname.delete': {
      title: 'Deleting the custom hostname configuration',
      run: async () => {
        const result = await api.DELETE('/v1/projects/{ref}/custom-hostname', path);
        if (result.response.status !== 200) {
          // The original quotes the status line here, not the body.
          throw new TaskError(`failed to delete custom hostname config; received: ${result.response.status} ${result.response.statusText}`);
        }
        return { type: 'DELETED' };
      },
    },
  };
}

/** The observation of what the platform has now, as an event for the project's hostname stream. */
export function hostnameObservation(stream: string, config: HostnameConfig): NewEvent {
  return { stream, type: 'OBSERVED', data: { hostname: config.custom_hostname, status: config.status } };
}
