/**
 * `supabase secrets set [NAME=VALUE ...] [--env-file f]` (POST /v1/projects/{ref}/secrets);
 * --env-file wins over the arguments. Relative paths start at the project root, where the original
 * changes directory to.
 */
import path from 'node:path';
import type { CommandContext } from '../context.js';
import { projectApi } from '../management-api/project-api.js';
import { expectStatus } from '../../tasks/management-api/client/client.js';
import { secretsFromArgs, secretsFromEnvFile } from '../../tasks/management-api/secret-pairs.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { api, ref } = await projectApi(ctx);
  const envFile = String(ctx.flags['env-file'] ?? '');
  const body = envFile ? await secretsFromEnvFile(path.resolve(ctx.projectRoot, envFile)) : secretsFromArgs(ctx.args);
  // An env file's values are known only now; the arguments' were hidden from the start.
  for (const secret of body) ctx.log.conceal(secret.value);
  // The platform once answered 200 here; the original still accepts both.
  await expectStatus('setting project secrets', api.POST('/v1/projects/{ref}/secrets', { params: { path: { ref } }, body }), [201, 200]);
  ctx.io.stdout('Finished supabase secrets set.\n');
}
