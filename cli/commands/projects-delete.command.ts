/**
 * `supabase projects delete [ref]` (DELETE /v1/projects/{ref}): confirms (default yes), deletes the project, then
 * forgets what this machine kept about it: the database password in the keyring and, when this
 * folder is linked to it, the link and the remote version files in supabase/.temp/.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { CommandContext } from '../context.js';
import { UsageError, UserError } from '../errors.js';
import { managementApi } from '../../tasks/management-api/client/command-client.js';
import { canPrompt } from '../management-api/project-api.js';
import { LINKED_REF_FILE, pickProject, validateProjectRef } from '../project-ref.js';
import { confirm } from '../prompt.js';
import { rawBody } from '../../tasks/management-api/client/client.js';
import { osKeyring, whenAvailable, type CredentialStore } from '../../tasks/management-api/os-keyring.js';

/** What link leaves in supabase/.temp/ about the linked project. */
const LINK_FILES = ['project-ref', 'postgres-version', 'gotrue-version', 'rest-version', 'storage-version'];

export default function run(ctx: CommandContext): Promise<void> {
  return deleteProject(ctx, osKeyring);
}

/** The command with the credential store passed in, so the clean-up can be checked against a store that answers. */
export async function deleteProject(ctx: CommandContext, keyring: CredentialStore): Promise<void> {
  let ref = ctx.args[0];
  if (!ref) {
    if (!canPrompt(ctx)) throw new UsageError('accepts 1 arg(s), received 0');
    ref = await pickProject(ctx, 'Which project do you want to delete?');
  }
  validateProjectRef(ref);
  if (!(await confirm(ctx, `Do you want to delete project ${ref}? This action is irreversible.`, true))) {
    throw new UserError(`Not deleting project: ${ref}`);
  }
  const api = await managementApi(ctx);
  const result = await api.DELETE('/v1/projects/{ref}', { params: { path: { ref } } });
  const status = result.response.status;
  if (status === 404) throw new UserError(`Project does not exist:${ref}`);
  if (status !== 200 || !result.data) throw new UserError(`Failed to delete project ${ref}: ${rawBody(result.response, result.error)}`);
  await forgetProject(ctx, keyring, ref);
  ctx.io.stdout(`Deleted project: ${result.data.name}\n`);
}

/** Clean-up failures are reported and skipped: the project is gone either way. */
async function forgetProject(ctx: CommandContext, keyring: CredentialStore, ref: string): Promise<void> {
  await whenAvailable(() => keyring.delete(ref)).catch((error: Error) => ctx.io.stderr(`${error.message}\n`));
  const linked = await readFile(path.join(ctx.projectRoot, LINKED_REF_FILE), 'utf8').catch(() => '');
  if (!linked.includes(ref)) return;
  const temp = path.dirname(path.join(ctx.projectRoot, LINKED_REF_FILE));
  for (const name of LINK_FILES) {
    await rm(path.join(temp, name), { force: true }).catch((error: Error) => ctx.io.stderr(`${error.message}\n`));
  }
}
