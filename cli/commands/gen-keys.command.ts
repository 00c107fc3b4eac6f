/**
 * `supabase gen keys` (experimental in the original): the project's JWT secret comes from the
 * Management API (GET /v1/projects/{ref}/postgrest); the branch keys are derived from it here.
 */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { renderOutput } from '../output/render.js';

/** Where the JWT secret of a project comes from (the Management API in the original). */
export type JwtSecretSource = (ref: string) => Promise<string>;

/** Reads the JWT secret from the project's PostgREST settings, with the stored access token. */
function managementApiSecret(ctx: CommandContext): JwtSecretSource {
  return async (ref) => {
    const { managementApi } = await import('../../tasks/management-api/client/command-client.js');
    const { unexpectedAnswer } = await import('../../tasks/management-api/client/client.js');
    const api = await managementApi(ctx);
    const result = await api.GET('/v1/projects/{ref}/postgrest', { params: { path: { ref } } });
    const secret = result.data?.jwt_secret;
    if (result.response.status !== 200 || typeof secret !== 'string') throw unexpectedAnswer('retrieving JWT secret', result);
    return secret;
  };
}

/** Prints the branch keys in the chosen output format. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  return runGenKeys(ctx, managementApiSecret(ctx));
}

/** The command with its secret source passed in, so the derivation can be exercised without the API. */
export async function runGenKeys(ctx: CommandContext, jwtSecret: JwtSecretSource): Promise<void> {
  const { branchKeys, nameBranchKeys } = await import('../../tasks/keys/branch-keys.js');
  const { gitBranchOr } = await import('../../tasks/project/git-branch.js');
  const { resolveProjectRef } = await import('../project-ref.js');
  const ref = await resolveProjectRef(ctx);
  const secret = await jwtSecret(ref);
  const values = branchKeys({ ref, jwtSecret: secret, branch: await gitBranchOr('main', ctx.projectRoot, ctx.env) });
  let named: Record<string, string>;
  try {
    named = nameBranchKeys(values, (ctx.flags['override-name'] as string[] | undefined) ?? []);
  } catch (error) {
    throw new UserError((error as Error).message);
  }
  ctx.io.stdout(await renderOutput(String(ctx.flags.output ?? 'env'), { value: named }));
}
