/**
 * Vector, the syslog collector (facts §4.3 step 1): containers log to it over syslog when analytics
 * is enabled, and it forwards each container's lines to its logflare source, chosen by the syslog
 * app name (the container name).
 */
import { stringify } from 'yaml';
import type { ServiceId, ServiceContext, ServicePlugin } from './service-plugin.js';
import { usualName, wgetCheck } from './service-plugin.js';

/** Logflare source per service whose logs are collected. */
const SOURCES: Partial<Record<ServiceId, string>> = {
  auth: 'gotrue.logs.prod',
  realtime: 'realtime.logs.prod',
  rest: 'postgREST.logs.prod',
  db: 'postgres.logs',
  storage: 'storage.logs.prod.2',
  'edge-runtime': 'deno-relay-logs',
  kong: 'cloudflare.logs.prod',
};

export const vector: ServicePlugin = {
  id: 'vector',
  containerName: usualName('vector'),
  aliases: ['vector'],
  image: () => 'timberio/vector:0.28.1-alpine',
  enabled: (config) => config.analytics.enabled,
  container: (ctx) => ({
    entrypoint: ['sh', '-c', `cat <<'EOF' > /etc/vector/vector.yaml\n${vectorYaml(ctx)}EOF\nvector --config /etc/vector/vector.yaml`],
    ports: [{ container: 9000, host: ctx.config.analytics.vector_port, configKey: '[analytics] vector_port' }],
    healthcheck: wgetCheck('http://127.0.0.1:9001/health'),
    probe: { kind: 'tcp', port: ctx.config.analytics.vector_port },
  }),
};

function vectorYaml({ config, containerOf }: ServiceContext): string {
  const logflare = `http://${containerOf('analytics')}:4000/api/logs`;
  const transforms: Record<string, unknown> = {};
  const sinks: Record<string, unknown> = {};
  for (const [service, source] of Object.entries(SOURCES)) {
    const id = service.replace('-', '_');
    transforms[id] = { type: 'filter', inputs: ['syslog'], condition: `.appname == "${containerOf(service as ServiceId)}"` };
    sinks[`logflare_${id}`] = {
      type: 'http',
      inputs: [id],
      encoding: { codec: 'json' },
      method: 'post',
      request: { retry_max_duration_secs: 10 },
      uri: `${logflare}?source_name=${source}&api_key=${config.analytics.api_key}`,
    };
  }
  return stringify({
    api: { enabled: true, address: '0.0.0.0:9001' },
    sources: { syslog: { type: 'syslog', address: '0.0.0.0:9000', mode: 'tcp' } },
    transforms,
    sinks,
  });
}
