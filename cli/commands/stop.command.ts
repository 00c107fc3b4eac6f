/** `supabase stop`: stops the local stack through the stack machine; --no-backup deletes its data too. */
import type { CommandContext } from '../context.js';
import { openStack, runStack } from '../stack/stack-session.js';
import type { RuntimeReality } from '../../tasks/stack/stack-runtime.js';

export default async function run(ctx: CommandContext): Promise<number> {
  const backup = ctx.flags['no-backup'] !== true;
  const projectId = ctx.flags['project-id'] as string;
  if (projectId) {
    // Another project, by id, without reading any config (the original's --project-id).
    const { pickRuntime } = await import('../../tasks/stack/pick-runtime.js');
    const runtime = await pickRuntime(undefined, ctx.env);
    return stopped(ctx, await runtime.stopById(projectId, backup, ctx.env), backup);
  }
  const session = await openStack(ctx);
  const result = await runStack(session, { type: 'STOP', backup });
  if (result.status === 'refused') {
    // Nothing the journal knows of is running; make sure reality agrees (a journal can be deleted).
    ctx.log.debug(`stop refused by the stack machine: ${result.refusal}`);
    return stopped(ctx, await session.runtime.stopById(session.project.config.project_id, backup, session.project.env), backup);
  }
  return stopped(ctx, await session.runtime.reality(session.project), backup);
}

function stopped(ctx: CommandContext, reality: RuntimeReality, backup: boolean): number {
  ctx.io.stdout('Stopped supabase local development setup.\n');
  if (backup && reality.dataKept) {
    ctx.io.stderr(`Local data are kept in ${reality.dataLocation}. Use supabase stop --no-backup to delete them.\n`);
  }
  return 0;
}
