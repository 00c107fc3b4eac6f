/**
 * A linked project whose platform is local: the spec-validating Management API (for the API
 * keys) and the local Storage API, with the environment that points the CLI at both. Shared by
 * the storage commands' tests and their bench script.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ManagementApiServer } from './management-api-server.js';
import { runMain, type CliResult } from './run-cli.js';
import { StorageApiServer } from './storage-api-server.js';

export const STORAGE_REF = 'storagetestprojectaa';
export const SERVICE_ROLE_KEY = 'service-role-key-of-the-storage-tests';
export const ACCESS_TOKEN = `sbp_${'5e'.repeat(20)}`;

/** The project's API keys as the Management API lists them. */
function defaultKeys(): Array<{ name: string; api_key: string }> {
  return [{ name: 'anon', api_key: 'anon-key' }, { name: 'service_role', api_key: SERVICE_ROLE_KEY }];
}

export interface StorageProject {
  root: string;
  /** What GET /v1/projects/{ref}/api-keys answers for the linked project; tests may change it. */
  apiKeys: Array<{ name: string; api_key: string }>;
  env: NodeJS.ProcessEnv;
  api: ManagementApiServer;
  storage: StorageApiServer;
  /** `supabase storage <args> --experimental` in this process, from the project folder. */
  run(args: string[]): Promise<CliResult>;
  /** An empty linked project and an empty Storage API again, with the servers kept running. */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts both servers and makes a project folder linked to STORAGE_REF. */
export async function startStorageProject(): Promise<StorageProject> {
  const apiKeys = defaultKeys();
  const api = new ManagementApiServer({
    getProjectApiKeys: ({ params }) =>
      params.ref === STORAGE_REF
        ? { status: 200, body: apiKeys }
        : { status: 403, raw: '{"message":"You do not have permission to perform this action"}' },
  });
  const storage = new StorageApiServer(SERVICE_ROLE_KEY);
  const root = await mkdtemp(path.join(os.tmpdir(), 'storage-project-'));
  const link = async () => {
    await mkdir(path.join(root, 'supabase', '.temp'), { recursive: true });
    await writeFile(path.join(root, 'supabase', '.temp', 'project-ref'), STORAGE_REF);
  };
  await link();
  const env: NodeJS.ProcessEnv = {
    HOME: root,
    SUPABASE_ACCESS_TOKEN: ACCESS_TOKEN,
    SUPABASE_INTERNAL_API_HOST: await api.start(),
    SUPABASE_INTERNAL_PROJECT_URL: await storage.start(),
  };
  return {
    root,
    apiKeys,
    env,
    api,
    storage,
    run: (args) => runMain(['storage', ...args, '--experimental'], { cwd: root, env }),
    async reset() {
      await storage.reset();
      apiKeys.splice(0, apiKeys.length, ...defaultKeys());
      api.requests.length = 0;
      api.violations.length = 0;
      for (const entry of await readdir(root)) await rm(path.join(root, entry), { recursive: true, force: true });
      await link();
    },
    async stop() {
      await api.stop();
      await storage.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
