/**
 * The key the storage commands act with (the original's choice): the project's service_role key, read from its
 * API keys through the Management API. Storage policies do not apply to it, which is what lets
 * the commands see and change every bucket.
 */
import { TaskError } from '../task-error.js';
import { rawBody, type ManagementClient } from '../management-api/client/client.js';

export const AUTHORIZATION_FAILED = 'Authorization failed for the access token and project ref pair';
export const KEY_NOT_FOUND = 'Anon key not found.';

/** Reads the project's service_role key; the original's messages when the keys cannot be had. */
export async function fetchServiceRoleKey(api: ManagementClient, ref: string): Promise<string> {
  const result = await api.GET('/v1/projects/{ref}/api-keys', { params: { path: { ref } } });
  if (result.response.status !== 200 || !Array.isArray(result.data)) {
    throw new TaskError(`${AUTHORIZATION_FAILED}: ${rawBody(result.response, result.error)}`);
  }
  const serviceRole = result.data.find((key) => key.name === 'service_role')?.api_key;
  if (serviceRole) return serviceRole;
  // The original reports a project without any key this way; one that lacks only the
  // service_role key would get refused by the Storage API later, so it is named here instead.
  if (!result.data.some((key) => key.name === 'anon' && key.api_key)) throw new TaskError(KEY_NOT_FOUND);
  throw new TaskError(
    'Service role key not found.',
    'The storage commands act with the project\'s service_role key; check the project\'s API keys in the dashboard.',
  );
}
