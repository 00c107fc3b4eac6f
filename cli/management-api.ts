/**
 * The Management API as a handler sees it: the one typed client, carrying the saved access token
 * and logging every request to the --debug log. Handlers call `managementApi(ctx)`; nothing else in
 * the CLI builds requests by hand.
 */
import type { CommandContext } from './context.js';
import type { ManagementClient } from '../tasks/management-api/client/client.js';

const clients = new WeakMap<CommandContext, Promise<ManagementClient>>();

/** The client for this command run (made once, on first use). */
export function managementApi(ctx: CommandContext): Promise<ManagementClient> {
  let client = clients.get(ctx);
  if (!client) {
    client = (async () => {
      const { loadAccessToken } = await import('../tasks/management-api/access-token.js');
      const { createManagementClient } = await import('../tasks/management-api/client/client.js');
      const token = await loadAccessToken(ctx.env);
      return createManagementClient({ token, env: ctx.env, debug: (line) => ctx.log.debug(line) });
    })();
    clients.set(ctx, client);
  }
  return client;
}
