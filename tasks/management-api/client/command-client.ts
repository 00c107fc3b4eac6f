/**
 * The Management API as a command sees it: the one typed client, carrying the saved access token
 * and logging every request to the --debug log. Commands call `managementApi(ctx)`; nothing else
 * builds requests by hand. It lives below the CLI because the hosted step (resources/) loads the
 * token as one of its own steps; a command's context fits `ClientCaller` as it is.
 */
import type { ManagementClient } from './client.js';

/** What the client needs of the command using it: its environment and its --debug log. */
export interface ClientCaller {
  env: NodeJS.ProcessEnv;
  log: { debug: (line: string) => void };
}

// Keyed by the command's context, so every part of one command run shares one token read.
const clients = new WeakMap<ClientCaller, Promise<ManagementClient>>();

/** The client for this command run (made once, on first use). */
export function managementApi(caller: ClientCaller): Promise<ManagementClient> {
  let client = clients.get(caller);
  if (!client) {
    client = (async () => {
      const { loadAccessToken } = await import('../access-token.js');
      const { createManagementClient } = await import('./client.js');
      const token = await loadAccessToken(caller.env);
      return createManagementClient({ token, env: caller.env, debug: (line) => caller.log.debug(line) });
    })();
    clients.set(caller, client);
  }
  return client;
}
