/** `functions list` (GET /v1/projects/{ref}/functions): the project's deployed functions as a table, times in UTC. */
import type { CommandContext } from '../context.js';
import { formatTimestamp } from '../output/timestamp.js';
import { renderTable } from '../output/table.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { projectApi } = await import('../management-api/project-api.js');
  const { expectStatus } = await import('../../tasks/management-api/client/client.js');
  const { ref, api } = await projectApi(ctx);
  const functions = await expectStatus('retrieving functions', api.GET('/v1/projects/{ref}/functions', { params: { path: { ref } } }), [200]);
  const rows = functions.map((fn) => [fn.id, fn.name, fn.slug, fn.status, String(fn.version), formatTimestamp(fn.updated_at)]);
  ctx.io.stdout(`\n${renderTable(['ID', 'NAME', 'SLUG', 'STATUS', 'VERSION', 'UPDATED_AT (UTC)'], rows)}\n`);
}
