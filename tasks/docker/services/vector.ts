/**
 * Vector, the syslog collector (the first service the original starts): containers log to it over syslog when analytics
 * is enabled; it shapes each line as logflare's sources expect (the message as `event_message`, the
 * project, each service's own fields under `metadata`) and routes it by the syslog app name (the
 * container name) to that service's source, as the original's templates/vector.yaml does.
 */
import { stringify } from 'yaml';
import type { ServiceId, ServiceContext, ServicePlugin } from './service-plugin.js';
import { usualName, wgetCheck } from './service-plugin.js';

const CONFIG_FILE = '/etc/vector/vector.yaml';

/** A routed service: its logflare source and the VRL that shapes its lines (none: sent as they are). */
interface LogRoute {
  route: string;
  service: ServiceId;
  source: string;
  remap?: string;
}

/** Every line: the project, the message renamed, the syslog fields logflare has no use for dropped. */
const COMMON_REMAP = ['.project = "default"', '.event_message = del(.message)', ...['procid', 'source_id', 'source_type', 'facility', 'host', 'id'].map((field) => `del(.${field})`)].join('\n');

const ROUTES: LogRoute[] = [
  {
    route: 'kong',
    service: 'kong',
    source: 'cloudflare.logs.prod',
    // Access lines in nginx's combined format become the request's fields.
    remap: [
      'req, err = parse_nginx_log(.event_message, "combined")',
      'if err == null {',
      '  .timestamp = req.timestamp',
      '  .metadata.request.headers.referer = req.referer',
      '  .metadata.request.headers.user_agent = req.agent',
      '  .metadata.request.headers.cf_connecting_ip = req.client',
      '  .metadata.request.method = req.method',
      '  .metadata.request.path = req.path',
      '  .metadata.request.protocol = req.protocol',
      '  .metadata.response.status_code = req.status',
      '}',
    ].join('\n'),
  },
  {
    route: 'auth',
    service: 'auth',
    source: 'gotrue.logs.prod',
    // GoTrue writes JSON lines; their fields go under metadata too.
    remap: ['parsed, err = parse_json(.event_message)', 'if err == null {', '  .metadata.timestamp = parsed.time', '  .metadata = merge!(.metadata, parsed)', '}'].join('\n'),
  },
  {
    route: 'rest',
    service: 'rest',
    source: 'postgREST.logs.prod',
    // `<time>: <message>`
    remap: [
      "parsed, err = parse_regex(.event_message, r'^(?P<time>.*): (?P<msg>.*)$')",
      'if err == null {',
      '  .event_message = parsed.msg',
      '  .timestamp = to_timestamp!(parsed.time)',
      '  .metadata.host = .project',
      '}',
    ].join('\n'),
  },
  {
    route: 'realtime',
    service: 'realtime',
    source: 'realtime.logs.prod',
    // `<time> [<level>] <message>`; the time has no date, so only the level is kept.
    remap: [
      '.metadata.project = del(.project)',
      '.metadata.external_id = .metadata.project',
      "parsed, err = parse_regex(.event_message, r'^(?P<time>\\d+:\\d+:\\d+\\.\\d+) \\[(?P<level>\\w+)\\] (?P<msg>.*)$')",
      'if err == null {',
      '  .event_message = parsed.msg',
      '  .metadata.level = parsed.level',
      '}',
    ].join('\n'),
  },
  {
    route: 'storage',
    service: 'storage',
    source: 'storage.logs.prod.2',
    // pino JSON lines.
    remap: [
      '.metadata.project = del(.project)',
      '.metadata.tenantId = .metadata.project',
      'parsed, err = parse_json(.event_message)',
      'if err == null {',
      '  .event_message = parsed.msg',
      '  .metadata.level = parsed.level',
      '  .metadata.timestamp = parsed.time',
      '  .metadata.context[0].host = parsed.hostname',
      '  .metadata.context[0].pid = parsed.pid',
      '}',
    ].join('\n'),
  },
  { route: 'functions', service: 'edge-runtime', source: 'deno-relay-logs' },
  {
    route: 'db',
    service: 'db',
    source: 'postgres.logs',
    // syslog severities as PostgreSQL names them: what postgres writes to stderr (`err`) is a warning.
    remap: [
      '.metadata.host = "db-default"',
      '.metadata.parsed.timestamp = .timestamp',
      ".metadata.parsed.error_severity = replace!(.severity, r'^err$', \"warning\")",
      'if .metadata.parsed.error_severity == "info" {',
      '  .metadata.parsed.error_severity = "log"',
      '}',
      '.metadata.parsed.error_severity = upcase(.metadata.parsed.error_severity)',
    ].join('\n'),
  },
];

export const vector: ServicePlugin = {
  id: 'vector',
  containerName: usualName('vector'),
  aliases: ['vector'],
  image: () => 'timberio/vector:0.28.1-alpine',
  enabled: (config) => config.analytics.enabled,
  container: (ctx) => ({
    env: { VECTOR_CONFIG: CONFIG_FILE },
    entrypoint: ['sh', '-c', `cat <<'EOF' > ${CONFIG_FILE} && vector\n${vectorYaml(ctx)}EOF\n`],
    ports: [{ container: 9000, host: ctx.config.analytics.vector_port, configKey: '[analytics] vector_port' }],
    healthcheck: wgetCheck('http://127.0.0.1:9001/health'),
    probe: { kind: 'tcp', port: ctx.config.analytics.vector_port },
  }),
};

/** The configuration the entrypoint writes. */
export function vectorYaml({ config, containerOf }: ServiceContext): string {
  const transforms: Record<string, unknown> = {
    project_logs: { type: 'remap', inputs: ['docker_syslog'], source: COMMON_REMAP },
    router: {
      type: 'route',
      inputs: ['project_logs'],
      route: Object.fromEntries(ROUTES.map((entry) => [entry.route, `.appname == "${containerOf(entry.service)}"`])),
    },
  };
  const sinks: Record<string, unknown> = {};
  for (const entry of ROUTES) {
    let input = `router.${entry.route}`;
    if (entry.remap) {
      input = `${entry.route}_logs`;
      transforms[input] = { type: 'remap', inputs: [`router.${entry.route}`], source: entry.remap };
    }
    // The db's lines go through kong: sent straight to logflare while it still starts up, they
    // break Studio's queries; kong starts after logflare is healthy.
    const logflare = entry.service === 'db' ? `http://${containerOf('kong')}:8000/analytics/v1` : `http://${containerOf('analytics')}:4000`;
    sinks[`logflare_${entry.route}`] = {
      type: 'http',
      inputs: [input],
      encoding: { codec: 'json' },
      method: 'post',
      request: { retry_max_duration_secs: 10 },
      uri: `${logflare}/api/logs?source_name=${entry.source}&api_key=${config.analytics.api_key}`,
    };
  }
  // VRL programs as literal blocks, never folded at some width: a folded regex is one careless
  // YAML reader away from a changed program.
  return stringify(
    {
      api: { enabled: true, address: '0.0.0.0:9001' },
      sources: { docker_syslog: { type: 'syslog', address: '0.0.0.0:9000', mode: 'tcp', path: '/tmp/socket' } },
      transforms,
      sinks,
    },
    { lineWidth: 0, blockQuote: 'literal' },
  );
}
