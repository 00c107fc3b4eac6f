/**
 * `branches create [name] [--region]`: open a preview branch of the linked project (POST
 * /v1/projects/{ref}/branches).
 */
import type { CommandContext } from '../context.js';
import { branchStep } from '../hosted/branches-session.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { gitBranchOr } = await import('../../tasks/project/git-branch.js');
  const gitBranch = await gitBranchOr('', ctx.projectRoot, ctx.env);
  const name = ctx.args[0] || gitBranch;
  const region = typeof ctx.flags.region === 'string' ? ctx.flags.region : '';
  const answer = await branchStep(ctx, { type: 'CREATE_BRANCH', name, gitBranch, region });
  ctx.io.stdout(`Created preview branch: ${answer.branch?.id ?? ''}\n`);
}
