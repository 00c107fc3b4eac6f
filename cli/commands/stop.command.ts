/** `supabase stop`: stops the local stack through the stack machine; --no-backup deletes its data too. */
import type { CommandContext } from '../context.js';
import { openStack, runStack } from '../stack/stack-session.js';

export default async function run(ctx: CommandContext): Promise<number> {
  const backup = ctx.flags['no-backup'] !== true;
  const projectId = ctx.flags['project-id'] as string;
  if (projectId) return stopById(ctx, projectId, backup);

  const session = await openStack(ctx);
  const result = await runStack(session, { type: 'STOP', backup });
  if (result.status === 'refused') {
    // Nothing the journal knows of is running; make sure reality agrees (a journal can be deleted).
    ctx.log.debug(`stop refused by the stack machine: ${result.refusal}`);
    await stopById(ctx, session.project.config.project_id, backup, session.project.env, true);
    return 0;
  }
  ctx.io.stdout('Stopped supabase local development setup.\n');
  if (backup && session.reality.state !== 'absent') keptNote(ctx, session.reality.dataDir);
  return 0;
}

/** Stops another project's stack by id, without its config (the original's --project-id). */
async function stopById(ctx: CommandContext, projectId: string, backup: boolean, env = ctx.env, quiet = false): Promise<number> {
  const { nativeRuntime } = await import('../../tasks/native/native-runtime.js');
  await nativeRuntime.stop(projectId, { env });
  if (!backup) await nativeRuntime.destroyData(projectId, { env });
  ctx.io.stdout('Stopped supabase local development setup.\n');
  const status = await nativeRuntime.status(projectId, undefined, { env });
  if (backup && status.state !== 'absent' && !quiet) keptNote(ctx, status.dataDir);
  return 0;
}

function keptNote(ctx: CommandContext, dataDir: string): void {
  ctx.io.stderr(`Local data are kept in ${dataDir}. Use supabase stop --no-backup to delete them.\n`);
}
