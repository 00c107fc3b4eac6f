/**
 * The API settings of a gateway test that never reaches a database: the keys the gateway checks,
 * and for the rest the defaults of a fresh config.toml (the gateway's own routing reads neither
 * the database settings nor Auth's).
 */
import type { ApiSettings } from '../../../tasks/api/gateway/api-service.js';
import { authSettingsFromConfig } from '../../../tasks/api/auth/auth-settings.js';
import { buildConfig } from '../../../tasks/project/config-build.js';

/** The key the gateway takes as anon's. */
export const TEST_ANON_KEY = 'anon-key-of-the-test';
/** The key the gateway takes as service_role's. */
export const TEST_SERVICE_ROLE_KEY = 'service-role-key-of-the-test';

export const OFFLINE_API_SETTINGS: ApiSettings = {
  dbPort: 1,
  dbPassword: 'unused',
  jwtSecret: 'unused-secret',
  jwtExpiry: 3600,
  anonKey: TEST_ANON_KEY,
  serviceRoleKey: TEST_SERVICE_ROLE_KEY,
  apiUrl: 'http://127.0.0.1:0',
  schemas: ['public'],
  extraSearchPath: ['public'],
  maxRows: 1000,
  auth: authSettingsFromConfig(buildConfig({}, {}), 'http://127.0.0.1:0'),
};
