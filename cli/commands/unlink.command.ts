/**
 * `supabase unlink`: forgets the linked project. Everything in supabase/.temp goes,
 * as in the original (the version files and the pooler URL describe the linked project), except
 * this tool's event journal and its locks: they hold the local stack's state and history, which
 * have nothing to do with the link, and a running command's lock must not vanish under it. The
 * project's database password in the keyring goes too.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { CommandContext } from '../context.js';
import { failedTo } from '../errors.js';
import { requireLinkedRef } from '../project-ref.js';

/** Removes the link. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  const ref = await requireLinkedRef(ctx.projectRoot);
  ctx.io.stderr(`Unlinking project: ${ref}\n`);
  const { inProject, TEMP_DIR } = await import('../../tasks/project/project-paths.js');
  const { journalPaths } = await import('../../tasks/journal/journal-paths.js');
  const temp = inProject(ctx.projectRoot, TEMP_DIR);
  const kept = new Set(Object.values(journalPaths(ctx.projectRoot)).map((file) => path.basename(file)));
  try {
    const entries = await readdir(temp);
    await Promise.all(entries.filter((name) => !kept.has(name)).map((name) => rm(path.join(temp, name), { recursive: true, force: true })));
  } catch (error) {
    throw failedTo('remove temp directory', error);
  }
  const { deleteDbPassword } = await import('../../tasks/management-api/db-password.js');
  await deleteDbPassword(ref);
  ctx.io.stdout('Finished supabase unlink.\n');
}
