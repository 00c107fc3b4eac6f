/**
 * Kong, the API gateway (the first service after the database and logflare): a declarative kong.yml
 * routing /auth, /rest, /graphql, /realtime, /storage, /pg, /functions and /analytics to the other
 * containers, plus a small server on 8088 that serves the email templates GoTrue fetches. Both
 * files are written by the entrypoint, so no host file has to be shared with a (possibly remote)
 * engine. The original swaps Kong's whole nginx template for one with that server added; we add the
 * server alone through Kong's KONG_NGINX_HTTP_INCLUDE, so the rest of nginx's configuration stays
 * the image's own.
 */
import path from 'node:path';
import { stringify } from 'yaml';
import { usualName, type ServiceContext, type ServicePlugin } from './service-plugin.js';

interface Route {
  /** The Kong service's name; its route's name is this or `route`. */
  name: string;
  route?: string;
  path: string;
  url: string;
  cors?: boolean;
  headers?: string[];
}

/** The small server GoTrue fetches email templates from, as the original's nginx template has it. */
const EMAIL_SERVER = 'server {\n  server_name email_templates;\n  listen 0.0.0.0:8088;\n  location /email {\n    autoindex on;\n    root /home/kong/templates;\n  }\n}\n';

export const kong: ServicePlugin = {
  id: 'kong',
  containerName: usualName('kong'),
  aliases: ['kong', 'api.supabase.internal'],
  image: () => 'library/kong:2.8.1',
  enabled: () => true,
  container: (ctx) => {
    const { config } = ctx;
    const script = [
      `cat <<'EOF' > /home/kong/kong.yml\n${kongYaml(ctx)}EOF`,
      `cat <<'EOF' > /home/kong/email-server.conf\n${EMAIL_SERVER}EOF`,
      './docker-entrypoint.sh kong docker-start',
    ].join('\n');
    const binds = Object.entries(config.auth.email.template)
      .filter(([, template]) => template.content_path)
      .map(([id, template]) => `${path.resolve(ctx.root, template.content_path)}:/home/kong/templates/email/${id}${path.extname(template.content_path)}:rw,z`);
    return {
      env: {
        KONG_DATABASE: 'off',
        KONG_DECLARATIVE_CONFIG: '/home/kong/kong.yml',
        KONG_DNS_ORDER: 'LAST,A,CNAME',
        KONG_PLUGINS: 'request-transformer,cors',
        KONG_NGINX_PROXY_PROXY_BUFFER_SIZE: '160k',
        KONG_NGINX_PROXY_PROXY_BUFFERS: '64 160k',
        KONG_NGINX_WORKER_PROCESSES: 1,
        KONG_NGINX_HTTP_INCLUDE: '/home/kong/email-server.conf',
      },
      entrypoint: ['sh', '-c', script],
      ports: [{ container: 8000, host: config.api.port, configKey: '[api] port' }],
      binds,
      logsToVector: true,
      probe: { kind: 'tcp', port: config.api.port },
    };
  },
};

/** The original's kong.yml (internal/start/templates/kong.yml): its names, targets and plugins. */
function routes({ config, host, containerOf }: ServiceContext): Route[] {
  const auth = `http://${containerOf('auth')}:9999`;
  const rest = `http://${containerOf('rest')}`;
  return [
    { name: 'auth-v1-open', path: '/auth/v1/verify', url: `${auth}/verify`, cors: true },
    { name: 'auth-v1-open-callback', path: '/auth/v1/callback', url: `${auth}/callback`, cors: true },
    { name: 'auth-v1-open-authorize', path: '/auth/v1/authorize', url: `${auth}/authorize`, cors: true },
    { name: 'auth-v1', route: 'auth-v1-all', path: '/auth/v1/', url: `${auth}/`, cors: true },
    { name: 'rest-v1', route: 'rest-v1-all', path: '/rest/v1/', url: `${rest}:3000/`, cors: true },
    { name: 'rest-admin-v1', route: 'rest-admin-v1-all', path: '/rest-admin/v1/', url: `${rest}:3001/`, cors: true },
    { name: 'graphql-v1', route: 'graphql-v1-all', path: '/graphql/v1', url: `${rest}:3000/rpc/graphql`, cors: true, headers: ['Content-Profile: graphql_public'] },
    { name: 'realtime-v1', route: 'realtime-v1-all', path: '/realtime/v1/', url: `http://${containerOf('realtime')}:4000/socket`, cors: true },
    {
      name: 'storage-v1',
      route: 'storage-v1-all',
      path: '/storage/v1/',
      url: `http://${containerOf('storage')}:5000/`,
      cors: true,
      headers: [`Forwarded: host=${host}:${config.api.port}/storage/v1;proto=http`],
    },
    { name: 'pg-meta', route: 'pg-meta-all', path: '/pg/', url: `http://${containerOf('pg-meta')}:8080/` },
    // No cors plugin on these two: functions answer their own preflights, as with the original.
    { name: 'functions-v1', route: 'functions-v1-all', path: '/functions/v1/', url: `http://${containerOf('edge-runtime')}:8081/` },
    { name: 'analytics-v1', route: 'analytics-v1-all', path: '/analytics/v1/', url: `http://${containerOf('analytics')}:4000/` },
  ];
}

/** The declarative configuration, one Kong service and route per path. */
export function kongYaml(ctx: ServiceContext): string {
  const services = routes(ctx).map((route) => {
    const plugins: unknown[] = [];
    if (route.cors) plugins.push({ name: 'cors' });
    if (route.headers) plugins.push({ name: 'request-transformer', config: { add: { headers: route.headers } } });
    return {
      name: route.name,
      url: route.url,
      routes: [{ name: route.route ?? route.name, strip_path: true, paths: [route.path] }],
      ...(plugins.length ? { plugins } : {}),
    };
  });
  return stringify({ _format_version: '1.1', services });
}
