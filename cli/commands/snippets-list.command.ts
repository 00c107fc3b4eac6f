/**
 * `supabase snippets list` (GET /v1/snippets?project_ref=): the SQL editor's saved snippets of the
 * linked project (the linked file only).
 */
import type { CommandContext } from '../context.js';
import { managementApi } from '../../tasks/management-api/client/command-client.js';
import { renderTable } from '../output/table.js';
import { formatTimestamp } from '../output/timestamp.js';
import { requireLinkedRef } from '../project-ref.js';
import { expectStatus } from '../../tasks/management-api/client/client.js';

const HEADERS = ['ID', 'NAME', 'VISIBILITY', 'OWNER', 'CREATED AT (UTC)', 'UPDATED AT (UTC)'];

export default async function run(ctx: CommandContext): Promise<void> {
  const ref = await requireLinkedRef(ctx.projectRoot);
  const api = await managementApi(ctx);
  const list = await expectStatus('listing SQL snippets', api.GET('/v1/snippets', { params: { query: { project_ref: ref } } }), [200]);
  const rows = list.data.map((snippet) => [
    snippet.id,
    snippet.name,
    snippet.visibility,
    snippet.owner.username,
    formatTimestamp(snippet.inserted_at),
    formatTimestamp(snippet.updated_at),
  ]);
  ctx.io.stdout(`\n${renderTable(HEADERS, rows)}\n`);
}
