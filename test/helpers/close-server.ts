/** Closes a test's HTTP server at once: fetch keeps idle connections alive, and close() would wait for them. */
import type { Server } from 'node:http';

export async function closeServer(server: Server | undefined): Promise<void> {
  if (!server) return;
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeAllConnections();
  await closed;
}
