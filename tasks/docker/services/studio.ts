/**
 * Supabase Studio (when `[studio] enabled`, as the original), talking to pg-meta, kong and logflare
 * over the network.
 */
import { usualName, type ServicePlugin } from './service-plugin.js';

export const studio: ServicePlugin = {
  id: 'studio',
  containerName: usualName('studio'),
  aliases: ['studio'],
  image: () => 'supabase/studio:20240205-b145c86',
  enabled: (config) => config.studio.enabled,
  container: ({ config, containerOf }) => ({
    env: {
      STUDIO_PG_META_URL: `http://${containerOf('pg-meta')}:8080`,
      POSTGRES_PASSWORD: config.db.password,
      SUPABASE_URL: `http://${containerOf('kong')}:8000`,
      SUPABASE_REST_URL: `${config.studio.api_url}:${config.api.port}/rest/v1/`,
      SUPABASE_PUBLIC_URL: `${config.studio.api_url}:${config.api.port}/`,
      SUPABASE_ANON_KEY: config.auth.anon_key,
      SUPABASE_SERVICE_KEY: config.auth.service_role_key,
      LOGFLARE_API_KEY: config.analytics.api_key,
      LOGFLARE_URL: `http://${containerOf('analytics')}:4000`,
      // Studio's logs pages need logflare, which runs only with analytics.
      NEXT_PUBLIC_ENABLE_LOGS: config.analytics.enabled,
      NEXT_ANALYTICS_BACKEND_PROVIDER: config.analytics.backend,
      HOSTNAME: '0.0.0.0',
    },
    ports: [{ container: 3000, host: config.studio.port, configKey: '[studio] port' }],
    // An uncaught throw (or an unhandled connection error) ends node with status 1.
    healthcheck: ['CMD', 'node', '-e', "require('http').get('http://127.0.0.1:3000/api/profile', (r) => {if (r.statusCode !== 200) throw new Error(r.statusCode)})"],
    probe: { kind: 'tcp', port: config.studio.port },
  }),
};
