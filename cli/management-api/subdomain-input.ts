/** The `--desired-subdomain` the vanity subdomain commands take, checked before any request. */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';

/** The trimmed --desired-subdomain, or the original's error when it is empty. */
export function desiredSubdomain(ctx: CommandContext): string {
  const subdomain = String(ctx.flags['desired-subdomain'] ?? '').trim();
  if (!subdomain) throw new UserError('non-empty vanity subdomain expected', 'Pass the subdomain, e.g. --desired-subdomain my-app');
  return subdomain;
}
