/**
 * `branches create [name] [--region]`: open a preview branch of the linked project (POST
 * /v1/projects/{ref}/branches).
 */
import type { CommandContext } from '../context.js';
import { requireLinkedRef } from '../project-ref.js';
import { hostedStep } from '../../tasks/management-api/resources/hosted-step.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const { gitBranchOr } = await import('../../tasks/project/git-branch.js');
  const gitBranch = await gitBranchOr('', ctx.projectRoot, ctx.env);
  const name = ctx.args[0] || gitBranch;
  const region = typeof ctx.flags.region === 'string' ? ctx.flags.region : '';
  const event = { type: 'CREATE_BRANCH', name, gitBranch, region };
  const answer = await hostedStep(ctx, await requireLinkedRef(ctx.projectRoot), { resource: 'branches', event });
  ctx.io.stdout(`Created preview branch: ${answer.branch?.id ?? ''}\n`);
}
