/**
 * A gateway serving REST alone, in the test's own process, on a project's real database: for tests
 * that look inside REST while it answers real HTTP (counting the statements it builds or the
 * queries its pool sends), which the gateway process `start` launches would hide. `parts` swaps in
 * watched versions of REST's real parser, schema cache and builder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createGateway } from '../../../tasks/api/gateway/gateway-server.js';
import { liveRestParts } from '../../../tasks/api/rest/http/live-parts.js';
import type { RestParts } from '../../../tasks/api/rest/http/rest-parts.js';
import { createRestService } from '../../../tasks/api/rest/http/rest-service.js';
import type { RunningProject } from '../../integration/support/running-project.js';
import { OFFLINE_API_SETTINGS, TEST_ANON_KEY } from './offline-api-settings.js';

export { TEST_ANON_KEY };

export interface RestGateway {
  /** The REST root, `http://127.0.0.1:<port>/rest/v1`. */
  base: string;
  close(): Promise<void>;
}

/** Starts the gateway on a free port, its schema cache loaded; `maxRows` is `[api] max_rows` (1000 unless given). */
export async function startRestGateway(project: RunningProject, options: { parts?: RestParts; maxRows?: number } = {}): Promise<RestGateway> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rest-gateway-'));
  // The offline settings, on the project's database.
  const api = { ...OFFLINE_API_SETTINGS, dbPort: project.port, dbPassword: 'postgres', jwtSecret: 'super-secret-jwt-token-with-at-least-32-characters-long', maxRows: options.maxRows ?? 1000 };
  // The records of postgres-meta and functions serve name files that never exist: those routes answer 503.
  const settings = { projectId: path.basename(dir), host: '127.0.0.1', port: 0, api, services: ['rest' as const], absent: {}, pgMetaRecord: path.join(dir, 'pg-meta.json'), functionsRecord: path.join(dir, 'functions.json') };
  try {
    const gateway = await createGateway(settings, [createRestService(options.parts ?? liveRestParts)], () => undefined);
    await gateway.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(gateway.server.address() as { port: number }).port}/rest/v1`;
    // The gateway loads REST's schema cache in the background; the OpenAPI root waits for it, so a
    // test's first request (and what it counts) starts from a loaded REST, as every later one does.
    const loaded = await fetch(`${base}/`, { headers: { apikey: TEST_ANON_KEY } });
    await loaded.arrayBuffer();
    if (loaded.status !== 200) throw new Error(`REST did not load its schema cache: ${loaded.status}`);
    return {
      base,
      close: async () => {
        await gateway.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
