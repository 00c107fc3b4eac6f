/**
 * Kong, the API gateway (facts §4.3 step 5): a declarative kong.yml routing /auth, /rest, /graphql,
 * /realtime, /storage, /pg, /functions and /analytics to the other containers, plus a small server
 * on 8088 that serves the email templates GoTrue fetches. Both files are written by the entrypoint,
 * so no host file has to be shared with a (possibly remote) engine.
 */
import path from 'node:path';
import { stringify } from 'yaml';
import { usualName, type ServiceContext, type ServicePlugin } from './service-plugin.js';

interface Route {
  name: string;
  path: string;
  url: string;
  cors?: boolean;
  headers?: string[];
}

export const kong: ServicePlugin = {
  id: 'kong',
  containerName: usualName('kong'),
  aliases: ['kong', 'api.supabase.internal'],
  image: () => 'library/kong:2.8.1',
  enabled: () => true,
  container: (ctx) => {
    const { config } = ctx;
    const emailServer = 'server {\n  listen 8088;\n  location /email { alias /home/kong/templates/email; }\n}\n';
    const script = [
      `cat <<'EOF' > /home/kong/kong.yml\n${kongYaml(ctx)}EOF`,
      `cat <<'EOF' > /home/kong/email-server.conf\n${emailServer}EOF`,
      './docker-entrypoint.sh kong docker-start',
    ].join('\n');
    const binds = Object.entries(config.auth.email.template)
      .filter(([, template]) => template.content_path)
      .map(([id, template]) => `${path.resolve(ctx.root, template.content_path)}:/home/kong/templates/email/${id}${path.extname(template.content_path)}:ro`);
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

function routes({ config, host, containerOf }: ServiceContext): Route[] {
  const auth = `http://${containerOf('auth')}:9999`;
  const list: Route[] = [
    ...['verify', 'callback', 'authorize'].map((name) => ({ name: `auth-v1-open-${name}`, path: `/auth/v1/${name}`, url: `${auth}/${name}` })),
    { name: 'auth-v1', path: '/auth/v1/', url: `${auth}/`, cors: true },
    { name: 'rest-v1', path: '/rest/v1/', url: `http://${containerOf('rest')}:3000/`, cors: true },
    { name: 'rest-admin-v1', path: '/rest-admin/v1/', url: `http://${containerOf('rest')}:3001/`, cors: true },
    { name: 'graphql-v1', path: '/graphql/v1', url: `http://${containerOf('rest')}:3000/rpc/graphql`, cors: true, headers: ['Content-Profile: graphql_public'] },
    { name: 'realtime-v1', path: '/realtime/v1/', url: `http://${containerOf('realtime')}:4000/socket/`, cors: true },
    {
      name: 'storage-v1',
      path: '/storage/v1/',
      url: `http://${containerOf('storage')}:5000/`,
      cors: true,
      headers: [`Forwarded: host=${host}:${config.api.port}/storage/v1;proto=http`],
    },
    { name: 'pg-meta', path: '/pg/', url: `http://${containerOf('pg-meta')}:8080/` },
    { name: 'functions-v1', path: '/functions/v1/', url: `http://${containerOf('edge-runtime')}:8081/`, cors: true },
    { name: 'analytics-v1', path: '/analytics/v1/', url: `http://${containerOf('analytics')}:4000/`, cors: true },
  ];
  return list;
}

/** The declarative configuration, one Kong service and route per path. */
function kongYaml(ctx: ServiceContext): string {
  const services = routes(ctx).map((route) => {
    const plugins: unknown[] = [];
    if (route.cors) plugins.push({ name: 'cors' });
    if (route.headers) plugins.push({ name: 'request-transformer', config: { add: { headers: route.headers } } });
    return {
      name: route.name,
      url: route.url,
      routes: [{ name: route.name, strip_path: true, paths: [route.path] }],
      ...(plugins.length ? { plugins } : {}),
    };
  });
  return stringify({ _format_version: '1.1', services });
}
