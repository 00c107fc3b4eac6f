/**
 * Test support for the Auth service without a stack: the service on its own fastify against a
 * scratch cluster, with `[auth]` as a test gives it (config-build fills in the rest as config.toml
 * would), and supabase-js clients of it. A stack takes seconds to start; a refusal or a flow that
 * needs no mail is checked faster this way, on the same code the gateway loads.
 */
import type { AddressInfo } from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import fastify, { type FastifyInstance } from 'fastify';
import { authSettingsFromConfig } from '../../../tasks/api/auth/auth-settings.js';
import { createAuthService } from '../../../tasks/api/auth/auth-service.js';
import type { ApiService, ApiSettings } from '../../../tasks/api/gateway/api-service.js';
import type { ScratchCluster } from '../../../tasks/native/scratch-cluster.js';
import { buildConfig } from '../../../tasks/project/config-build.js';

export const AUTH_TEST_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export interface ServedAuth {
  app: FastifyInstance;
  service: ApiService;
  /** The server's origin; the Auth API is under `/auth/v1`. */
  url: string;
  /** A client as an application makes one (it adds `/auth/v1` itself), keeping nothing between tests. */
  client(): SupabaseClient;
  close(): Promise<void>;
}

/** `[auth]` as `supabase init` writes it (the part these tests touch). */
const INIT_AUTH = {
  site_url: 'http://127.0.0.1:3000',
  jwt_expiry: 3600,
  enable_refresh_token_rotation: true,
  refresh_token_reuse_interval: 10,
  enable_signup: true,
  email: { enable_signup: true, double_confirm_changes: true, enable_confirmations: false },
  sms: { enable_signup: true, enable_confirmations: false },
};

/** The Auth service on a free port, `[auth]` merged over the CLI's local defaults (its email and sms tables key by key). */
export async function serveAuth(cluster: ScratchCluster, auth: Record<string, unknown> = {}): Promise<ServedAuth> {
  const merged = {
    ...INIT_AUTH,
    ...auth,
    email: { ...INIT_AUTH.email, ...(auth.email as object | undefined) },
    sms: { ...INIT_AUTH.sms, ...(auth.sms as object | undefined) },
  };
  const config = buildConfig({ auth: merged }, {});
  const apiUrl = 'http://127.0.0.1:54321';
  const settings: ApiSettings = {
    dbPort: Number(new URL(cluster.url).port),
    dbPassword: 'postgres',
    jwtSecret: AUTH_TEST_SECRET,
    jwtExpiry: 3600,
    anonKey: 'unused',
    serviceRoleKey: 'unused',
    apiUrl,
    schemas: ['public'],
    extraSearchPath: ['public'],
    maxRows: 1000,
    auth: authSettingsFromConfig(config, apiUrl),
  };
  const service = createAuthService();
  const app = fastify();
  await app.register(async (scope) => service.register(scope, { settings, log: () => undefined }), { prefix: service.prefix });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    service,
    url,
    client: () => createClient(url, 'unused', { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } }),
    close: async () => {
      await app.close();
      await service.close();
    },
  };
}
