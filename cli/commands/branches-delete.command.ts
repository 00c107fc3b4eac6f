/** `branches delete <id>`: delete one preview branch (refused for a branch the journal saw deleted). */
import type { CommandContext } from '../context.js';
import { branchStep } from '../hosted/branches-session.js';

export default async function run(ctx: CommandContext): Promise<void> {
  await branchStep(ctx, { type: 'DELETE_BRANCH', branchId: ctx.args[0] });
  ctx.io.stdout(`Deleted preview branch: ${ctx.args[0]}\n`);
}
