/** `supabase logout`: asks first (default No, so nothing happens without a terminal), then forgets the token. */
import type { CommandContext } from '../context.js';
import { confirm } from '../prompt.js';

/** Deletes the saved access token after a confirmation. */
export default async function run(ctx: CommandContext): Promise<number | void> {
  if (!(await confirm(ctx, 'Do you want to log out? This will remove the access token from your system.', false))) {
    ctx.io.stderr('Not deleting access token.\n');
    return;
  }
  const { deleteAccessToken } = await import('../../tasks/management-api/access-token.js');
  if (!(await deleteAccessToken(ctx.env))) {
    ctx.io.stderr('You were not logged in, nothing to do.\n');
    return;
  }
  ctx.io.stdout('Access token deleted successfully. You are now logged out.\n');
}
