/** `branches update <id>`: change only what the flags given say (name, git branch, reset on push). */
import type { CommandContext } from '../context.js';
import { requireLinkedRef } from '../project-ref.js';
import { hostedStep } from '../../tasks/management-api/resources/hosted-step.js';

export default async function run(ctx: CommandContext): Promise<void> {
  const changes = {
    ...(ctx.changed.has('name') ? { name: String(ctx.flags.name) } : {}),
    ...(ctx.changed.has('git-branch') ? { gitBranch: String(ctx.flags['git-branch']) } : {}),
    ...(ctx.changed.has('reset-on-push') ? { resetOnPush: ctx.flags['reset-on-push'] === true } : {}),
  };
  const event = { type: 'UPDATE_BRANCH', branchId: ctx.args[0], ...changes };
  const answer = await hostedStep(ctx, await requireLinkedRef(ctx.projectRoot), { resource: 'branches', event });
  ctx.io.stdout(`Updated preview branch: ${answer.branch?.id ?? ctx.args[0]}\n`);
}
