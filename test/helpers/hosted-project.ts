/**
 * One hosted project as `link`, `services`, `gen types` and the `--linked` commands meet it: the
 * spec-validating Management API (project listing, API keys, PostgREST and pooler settings, the
 * types route) and the project's own endpoints. A test changes `settings` to script what the
 * platform answers, or `fail` to make an operation answer an error status.
 */
import { ManagementApiServer, type Answer } from './management-api-server.js';
import { ProjectApiServer } from './project-api-server.js';

export const TOKEN = `sbp_${'0123456789abcdef'.repeat(2)}01234567`;
export const REF = 'abcdefghijklmnopqrst';
/** A second project of the account, so pickers have a choice. */
export const OTHER_REF = 'zyxwvutsrqponmlkjihg';
export const ANON_KEY = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.anon-signature';

export interface HostedSettings {
  databaseVersion: string;
  postgrest: { max_rows: number; db_schema: string; db_extra_search_path: string };
  pooler: { pool_mode?: 'transaction' | 'session'; default_pool_size?: number; max_client_conn?: number; connection_string?: string };
  types: string;
}

export class HostedProject {
  settings: HostedSettings = {
    databaseVersion: '15.1.0.147',
    postgrest: { max_rows: 1000, db_schema: 'public, storage, graphql_public', db_extra_search_path: 'public, extensions' },
    pooler: { pool_mode: 'transaction', default_pool_size: 20, max_client_conn: 100 },
    types: 'export type Json = string | number | boolean | null\n',
  };
  /** operationId -> an error answer to give instead of the project's. */
  readonly fail = new Map<string, Answer>();
  readonly api: ManagementApiServer;
  readonly project = new ProjectApiServer(ANON_KEY);

  constructor(readonly ref = REF) {
    const answer = (id: string, body: () => unknown): (() => Answer) => () => this.fail.get(id) ?? { status: 200, body: body() };
    this.api = new ManagementApiServer({
      getProjects: answer('getProjects', () => [
        {
          id: this.ref, organization_id: 'acme', name: 'demo', region: 'us-east-1', created_at: '2024-02-20T10:15:42Z',
          database: { host: `db.${this.ref}.supabase.co`, version: this.settings.databaseVersion },
        },
        { id: OTHER_REF, organization_id: 'acme', name: 'staging', region: 'eu-west-1', created_at: '2024-02-21T08:00:00Z' },
      ]),
      getProjectApiKeys: answer('getProjectApiKeys', () => [{ name: 'anon', api_key: ANON_KEY }, { name: 'service_role', api_key: 'eyJ.service.role' }]),
      getPostgRESTConfig: answer('getPostgRESTConfig', () => ({ ...this.settings.postgrest, jwt_secret: 'super-secret-jwt-token-with-at-least-32-characters-long' })),
      v1GetPgbouncerConfig: answer('v1GetPgbouncerConfig', () => this.settings.pooler),
      getTypescriptTypes: answer('getTypescriptTypes', () => ({ types: this.settings.types })),
    });
  }

  /** Starts both servers; returns the environment that points the CLI at them. */
  async start(): Promise<NodeJS.ProcessEnv> {
    const [apiHost, projectUrl] = await Promise.all([this.api.start(), this.project.start()]);
    return { SUPABASE_INTERNAL_API_HOST: apiHost, SUPABASE_INTERNAL_PROJECT_URL: projectUrl, SUPABASE_ACCESS_TOKEN: TOKEN };
  }

  async stop(): Promise<void> {
    await Promise.all([this.api.stop(), this.project.stop()]);
  }
}
