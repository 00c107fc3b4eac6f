/** Reads a project's current Postgres overrides, as both postgres-config commands need them. */
import type { ManagementClient } from '../../tasks/management-api/client/client.js';
import { expectWorded } from './answer.js';

export function currentOverrides(api: ManagementClient, ref: string): Promise<Record<string, unknown>> {
  return expectWorded(
    api.GET('/v1/projects/{ref}/config/database/postgres', { params: { path: { ref } } }),
    [200],
    ({ status, body }) => `error in retrieving Postgres config overrides: ${status} (${body})`,
  );
}
