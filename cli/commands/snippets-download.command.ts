/**
 * `supabase snippets download <id>` (GET /v1/snippets/{id}): the snippet's SQL on stdout, ready to
 * redirect into a file.
 */
import type { CommandContext } from '../context.js';
import { managementApi } from '../../tasks/management-api/client/command-client.js';
import { expectStatus } from '../../tasks/management-api/client/client.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const api = await managementApi(ctx);
  const snippet = await expectStatus('downloading SQL snippet', api.GET('/v1/snippets/{id}', { params: { path: { id: ctx.args[0] } } }), [200]);
  ctx.io.stdout(`${snippet.content.sql}\n`);
}
