/** Realtime (the original's command line): migrates and seeds its own schema, then serves on 4000. */
import type { ServicePlugin } from './service-plugin.js';

export const realtime: ServicePlugin = {
  id: 'realtime',
  // The `realtime-dev.` prefix is the tenant name realtime derives from its host name.
  containerName: (projectId) => `realtime-dev.supabase_realtime_${projectId}`,
  aliases: ['realtime'],
  image: () => 'supabase/realtime:v2.25.50',
  enabled: (config) => config.realtime.enabled,
  container: ({ config, containerOf }) => ({
    env: {
      PORT: 4000,
      DB_HOST: containerOf('db'),
      DB_PORT: 5432,
      DB_USER: 'supabase_admin',
      DB_PASSWORD: config.db.password,
      DB_NAME: 'postgres',
      DB_AFTER_CONNECT_QUERY: 'SET search_path TO _realtime',
      DB_ENC_KEY: 'supabaserealtime',
      API_JWT_SECRET: config.auth.jwt_secret,
      FLY_ALLOC_ID: 'abc123',
      FLY_APP_NAME: 'realtime',
      SECRET_KEY_BASE: 'EAx3IQ/wRG1v47ZD4NE4/9RzBI8Jmil3x0yhcW4V2NHBP6c2iPIzwjofi2Ep4HIG',
      // IPv4 distribution whatever ip_version says, as the original: REALTIME_IP_VERSION below is
      // what realtime reads for its own listener.
      ERL_AFLAGS: '-proto_dist inet_tcp',
      ENABLE_TAILSCALE: false,
      DNS_NODES: "''",
      // Empty, as the original sets it: the image's start script then leaves the limit alone.
      RLIMIT_NOFILE: '',
      REALTIME_IP_VERSION: config.realtime.ip_version,
      MAX_HEADER_LENGTH: config.realtime.max_header_length,
    },
    cmd: ['/bin/sh', '-c', "/app/bin/migrate && /app/bin/realtime eval 'Realtime.Release.seeds(Realtime.Repo)' && /app/bin/server"],
    exposed: [4000],
    healthcheck: ['CMD', 'bash', '-c', 'printf \\0 > /dev/tcp/127.0.0.1/4000'],
    logsToVector: true,
    probe: { kind: 'exec' },
  }),
};
