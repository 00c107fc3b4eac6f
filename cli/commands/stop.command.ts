/** `supabase stop`: stops the local stack through the stack machine; --no-backup deletes its data too. */
import type { CommandContext } from '../context.js';
import { operateStack } from '../stack/stack-operation.js';
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
  const { project, runtime, result } = await operateStack(ctx, { type: 'STOP', backup });
  if (result.status === 'refused') {
    // Nothing the journal knows of is running; make sure reality agrees (a journal can be deleted).
    ctx.log.debug(`stop refused by the stack machine: ${result.refusal}`);
    return stopped(ctx, await runtime.stopById(project.config.project_id, backup, project.env), backup);
  }
  return stopped(ctx, await runtime.reality(project), backup);
}

function stopped(ctx: CommandContext, reality: RuntimeReality, backup: boolean): number {
  ctx.io.stdout('Stopped supabase local development setup.\n');
  if (backup && reality.dataKept) {
    ctx.io.stderr(`Local data are kept in ${reality.dataLocation}. Use supabase stop --no-backup to delete them.\n`);
  }
  return 0;
}
