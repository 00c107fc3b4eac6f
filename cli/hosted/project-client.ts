/** The hosted project a Management API command acts on (facts §2.3), with the client to reach it. */
import type { CommandContext } from '../context.js';
import type { ManagementClient } from '../../tasks/management-api/client/client.js';

export async function projectClient(ctx: CommandContext): Promise<{ ref: string; api: ManagementClient }> {
  const { resolveProjectRef } = await import('../project-ref.js');
  const { managementApi } = await import('../management-api.js');
  const ref = await resolveProjectRef(ctx);
  return { ref, api: await managementApi(ctx) };
}
