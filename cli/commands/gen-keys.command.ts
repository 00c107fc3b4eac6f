/**
 * `supabase gen keys` (experimental, facts §7.2): the project's JWT secret comes from the
 * Management API (GET /v1/projects/{ref}/postgrest); the branch keys are derived from it here.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { renderOutput } from '../output/render.js';

/** Where the JWT secret of a project comes from (the Management API in the original). */
export type JwtSecretSource = (ref: string) => Promise<string>;

/** Reads the JWT secret from the project's PostgREST settings, with the stored access token. */
function managementApiSecret(env: NodeJS.ProcessEnv): JwtSecretSource {
  return async (ref) => {
    const { loadAccessToken } = await import('../../tasks/platform/access-token.js');
    const { managementRequest } = await import('../../tasks/platform/management-api.js');
    const token = await loadAccessToken(env);
    const response = await managementRequest<{ jwt_secret?: string }>('GET', `/v1/projects/${encodeURIComponent(ref)}/postgrest`, { token, env });
    if (response.status !== 200 || typeof response.body?.jwt_secret !== 'string') {
      throw new UserError(`Unexpected error retrieving JWT secret: ${response.text}`);
    }
    return response.body.jwt_secret;
  };
}

/** Prints the branch keys in the chosen output format. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  return runGenKeys(ctx, managementApiSecret(ctx.env));
}

/** The command with its secret source passed in, so the derivation can be exercised without the API. */
export async function runGenKeys(ctx: CommandContext, jwtSecret: JwtSecretSource): Promise<void> {
  const { branchKeys, nameBranchKeys } = await import('../../tasks/keys/branch-keys.js');
  const ref = await projectRef(ctx);
  const secret = await jwtSecret(ref);
  const values = branchKeys({ ref, jwtSecret: secret, branch: await currentBranch(ctx) });
  let named: Record<string, string>;
  try {
    named = nameBranchKeys(values, (ctx.flags['override-name'] as string[] | undefined) ?? []);
  } catch (error) {
    throw new UserError((error as Error).message);
  }
  ctx.io.stdout(await renderOutput(String(ctx.flags.output ?? 'env'), { value: named }));
}

/** --project-ref, then SUPABASE_PROJECT_ID, then the linked ref file. */
async function projectRef(ctx: CommandContext): Promise<string> {
  const given = (ctx.flags['project-ref'] as string | undefined) || ctx.env.SUPABASE_PROJECT_ID;
  if (given) {
    if (!/^[a-z]{20}$/.test(given)) throw new UserError('Invalid project ref format. Must be like `abcdefghijklmnopqrst`.');
    return given;
  }
  const linked = await readFile(path.join(ctx.projectRoot, 'supabase/.temp/project-ref'), 'utf8').catch(() => '');
  if (linked.trim()) return linked.trim();
  throw new UserError('Cannot find project ref. Have you run supabase link?');
}

/** $GITHUB_HEAD_REF (set on pull request builds), else git's current branch, else main. */
async function currentBranch(ctx: CommandContext): Promise<string> {
  if (ctx.env.GITHUB_HEAD_REF) return ctx.env.GITHUB_HEAD_REF;
  const head = await promisify(execFile)('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { cwd: ctx.projectRoot })
    .then(({ stdout }) => stdout.trim(), () => '');
  return head && head !== 'HEAD' ? head : 'main';
}
