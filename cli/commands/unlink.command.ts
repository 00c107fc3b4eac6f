/**
 * `supabase unlink` (facts §2.6): forgets the linked project. All of supabase/.temp goes (the
 * original's behaviour: the version files and the pooler URL describe the linked project), and so
 * does the project's database password in the keyring.
 */
import { rm } from 'node:fs/promises';
import type { CommandContext } from '../context.js';
import { failedTo } from '../errors.js';
import { requireLinkedRef } from '../project-ref.js';

/** Removes the link. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const ref = await requireLinkedRef(ctx.projectRoot);
  ctx.io.stderr(`Unlinking project: ${ref}\n`);
  const { inProject, TEMP_DIR } = await import('../../tasks/project/project-paths.js');
  await rm(inProject(ctx.projectRoot, TEMP_DIR), { recursive: true, force: true }).catch((error: unknown) => {
    throw failedTo('remove temp directory', error);
  });
  const { deleteDbPassword } = await import('../../tasks/platform/db-password.js');
  await deleteDbPassword(ref);
  ctx.io.stdout('Finished supabase unlink.\n');
}
