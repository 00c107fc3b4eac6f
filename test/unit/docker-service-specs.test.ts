/**
 * The docker runtime's container specs against the original CLI at v1.145.4 (internal/start/start.go,
 * internal/db/start/start.go, templates/kong.yml and templates/vector.yaml), for one config.toml:
 * every service's environment, command, health check, mounts and ports as the Engine API gets them.
 * The expected values are written out from the original's source, not computed from ours.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type Docker from 'dockerode';
import { parse } from 'yaml';
import { createOptions } from '../../tasks/docker/container-spec.js';
import { planServices, serviceContext, type PlannedService } from '../../tasks/docker/start-plan.js';
import type { ServiceId } from '../../tasks/docker/services/service-plugin.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import { initProject } from '../../tasks/project/init-project.js';
import type { ProjectConfig } from '../../tasks/project/config.types.js';
import { removeDir, tempDir } from '../integration/support/temp-project.js';

const SECOND_NS = 1_000_000_000;

describe('docker runtime: container specs as the original makes them', () => {
  let root: string;
  let config: ProjectConfig;
  let id: string;
  const name = (service: string) => `supabase_${service}_${id}`;

  before(async () => {
    root = await tempDir('docker-specs');
    await initProject(root);
    // Everything on, so every service has a container; the rest of the file is `supabase init`'s.
    const toml = path.join(root, 'supabase/config.toml');
    const { readFile } = await import('node:fs/promises');
    let text = await readFile(toml, 'utf8');
    text = text.replace(/project_id = ".*"/, 'project_id = "specs"');
    text = text.replace(/\[db\.pooler\]\nenabled = false/, '[db.pooler]\nenabled = true');
    await writeFile(toml, text);
    config = (await loadConfig(root, { env: {} })).config;
    id = config.project_id;
  });
  after(() => removeDir(root));

  /** The create request of `service` for a config (the loaded one unless changed). */
  function request(service: ServiceId, change: (config: ProjectConfig) => ProjectConfig = (c) => c): Docker.ContainerCreateOptions {
    const ctx = serviceContext(change(config), root);
    const planned = planServices(ctx, [], {}).find((entry) => entry.plugin.id === service) as PlannedService;
    assert.ok(planned.spec, `${service} is planned to run`);
    return createOptions(planned.plugin, planned.spec, ctx, planned.image);
  }
  const envOf = (options: Docker.ContainerCreateOptions) => Object.fromEntries((options.Env ?? []).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
  const withAnalytics = (c: ProjectConfig): ProjectConfig => ({ ...c, analytics: { ...c.analytics, enabled: true } });

  it('every container: the project network as its network mode, ports on every host interface, the original health timings', () => {
    const db = request('db');
    assert.equal(db.HostConfig?.NetworkMode, `supabase_network_${id}`);
    assert.deepEqual(db.HostConfig?.PortBindings, { '5432/tcp': [{ HostPort: String(config.db.port) }] });
    assert.deepEqual(db.HostConfig?.RestartPolicy, { Name: 'always' });
    assert.deepEqual(db.Labels, { 'com.supabase.cli.project': id, 'com.docker.compose.projecta': id });
    assert.deepEqual(
      { ...db.Healthcheck, Test: undefined },
      { Test: undefined, Interval: 10 * SECOND_NS, Timeout: 2 * SECOND_NS, Retries: 3, StartPeriod: 0 },
    );
  });

  it('db: environment, command, volumes and the pgsodium key written before the image entrypoint', () => {
    const db = request('db');
    assert.deepEqual(envOf(db), {
      POSTGRES_PASSWORD: 'postgres',
      POSTGRES_HOST: '/var/run/postgresql',
      POSTGRES_INITDB_ARGS: '--lc-ctype=C.UTF-8 --lc-collate=C.UTF-8',
      JWT_SECRET: config.auth.jwt_secret,
      JWT_EXP: '3600',
    });
    assert.deepEqual(db.Cmd, ['postgres', '-c', 'config_file=/etc/postgresql/postgresql.conf', '-c', 'search_path="$user",public,extensions']);
    assert.deepEqual(db.Healthcheck?.Test, ['CMD', 'pg_isready', '-U', 'postgres', '-h', '127.0.0.1', '-p', '5432']);
    assert.deepEqual(db.HostConfig?.Binds, [`supabase_db_${id}:/var/lib/postgresql/data`, `supabase_config_${id}:/etc/postgresql-custom`]);
    assert.deepEqual(db.HostConfig?.ExtraHosts, ['host.docker.internal:host-gateway']);
    assert.match(db.Entrypoint![2]!, /^cat <<'\w+' > \/etc\/postgresql\.schema\.sql && printf '%s' '[0-9a-f]+' > \/etc\/postgresql-custom\/pgsodium_root\.key && exec docker-entrypoint\.sh postgres -D \/etc\/postgresql\n/);
  });

  it('auth: the original environment for the default config, port 9999 exposed', () => {
    const auth = request('auth');
    const api = `http://127.0.0.1:${config.api.port}`;
    const env = envOf(auth);
    const external = Object.keys(env).filter((key) => key.startsWith('GOTRUE_EXTERNAL_') && !['GOTRUE_EXTERNAL_EMAIL_ENABLED', 'GOTRUE_EXTERNAL_PHONE_ENABLED'].includes(key));
    for (const key of external) delete env[key];
    assert.deepEqual(env, {
      API_EXTERNAL_URL: api,
      GOTRUE_API_HOST: '0.0.0.0',
      GOTRUE_API_PORT: '9999',
      GOTRUE_DB_DRIVER: 'postgres',
      GOTRUE_DB_DATABASE_URL: `postgresql://supabase_auth_admin:postgres@${name('db')}:5432/postgres`,
      GOTRUE_SITE_URL: 'http://127.0.0.1:3000',
      GOTRUE_URI_ALLOW_LIST: 'https://127.0.0.1:3000',
      GOTRUE_DISABLE_SIGNUP: 'false',
      GOTRUE_JWT_ADMIN_ROLES: 'service_role',
      GOTRUE_JWT_AUD: 'authenticated',
      GOTRUE_JWT_DEFAULT_GROUP_NAME: 'authenticated',
      GOTRUE_JWT_EXP: '3600',
      GOTRUE_JWT_SECRET: config.auth.jwt_secret,
      GOTRUE_JWT_ISSUER: `${api}/auth/v1`,
      GOTRUE_EXTERNAL_EMAIL_ENABLED: 'true',
      GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED: 'true',
      GOTRUE_MAILER_AUTOCONFIRM: 'true',
      GOTRUE_SMTP_HOST: name('inbucket'),
      GOTRUE_SMTP_PORT: '2500',
      GOTRUE_SMTP_ADMIN_EMAIL: 'admin@email.com',
      GOTRUE_SMTP_MAX_FREQUENCY: '1s',
      GOTRUE_MAILER_URLPATHS_INVITE: `${api}/auth/v1/verify`,
      GOTRUE_MAILER_URLPATHS_CONFIRMATION: `${api}/auth/v1/verify`,
      GOTRUE_MAILER_URLPATHS_RECOVERY: `${api}/auth/v1/verify`,
      GOTRUE_MAILER_URLPATHS_EMAIL_CHANGE: `${api}/auth/v1/verify`,
      GOTRUE_RATE_LIMIT_EMAIL_SENT: '360000',
      GOTRUE_EXTERNAL_PHONE_ENABLED: 'true',
      GOTRUE_SMS_AUTOCONFIRM: 'true',
      GOTRUE_SMS_MAX_FREQUENCY: '5s',
      GOTRUE_SMS_OTP_EXP: '6000',
      GOTRUE_SMS_OTP_LENGTH: '6',
      GOTRUE_SMS_TEMPLATE: 'Your code is {{ .Code }} .',
      GOTRUE_SMS_TEST_OTP: '',
      GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED: 'true',
      GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL: '10',
      GOTRUE_SECURITY_MANUAL_LINKING_ENABLED: 'false',
    });
    // Every provider of the config gets its four lines, the redirect defaulting to the callback.
    assert.equal(envOf(auth).GOTRUE_EXTERNAL_APPLE_REDIRECT_URI, `${api}/auth/v1/callback`);
    assert.deepEqual(auth.ExposedPorts, { '9999/tcp': {} });
    assert.deepEqual(auth.Healthcheck?.Test, ['CMD', 'wget', '--no-verbose', '--tries=1', '--spider', 'http://127.0.0.1:9999/health']);
  });

  it('auth: a template in a folder with a dot is fetched by its own extension, mounted into kong read-write with an SELinux label', () => {
    const change = (c: ProjectConfig): ProjectConfig => ({
      ...c,
      auth: { ...c.auth, email: { ...c.auth.email, template: { invite: { subject: 'Join', content_path: './supabase/v1.0/invite' } } } },
    });
    assert.equal(envOf(request('auth', change)).GOTRUE_MAILER_TEMPLATES_INVITE, `http://${name('kong')}:8088/email/invite`);
    assert.equal(envOf(request('auth', change)).GOTRUE_MAILER_SUBJECTS_INVITE, 'Join');
    assert.deepEqual(request('kong', change).HostConfig?.Binds, [`${path.join(root, 'supabase/v1.0/invite')}:/home/kong/templates/email/invite:rw,z`]);
  });

  it('rest, storage, imgproxy, inbucket: environment and mounts', () => {
    assert.deepEqual(envOf(request('rest')), {
      PGRST_DB_URI: `postgresql://authenticator:postgres@${name('db')}:5432/postgres`,
      PGRST_DB_SCHEMAS: 'public,storage,graphql_public',
      PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
      PGRST_DB_MAX_ROWS: '1000',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: config.auth.jwt_secret,
      PGRST_ADMIN_SERVER_PORT: '3001',
    });
    assert.equal(request('rest').Healthcheck, undefined);
    const storage = request('storage');
    assert.deepEqual(envOf(storage), {
      ANON_KEY: config.auth.anon_key,
      SERVICE_KEY: config.auth.service_role_key,
      POSTGREST_URL: `http://${name('rest')}:3000`,
      PGRST_JWT_SECRET: config.auth.jwt_secret,
      DATABASE_URL: `postgresql://supabase_storage_admin:postgres@${name('db')}:5432/postgres`,
      FILE_SIZE_LIMIT: '52428800',
      STORAGE_BACKEND: 'file',
      FILE_STORAGE_BACKEND_PATH: '/mnt',
      TENANT_ID: 'stub',
      REGION: 'stub',
      GLOBAL_S3_BUCKET: 'stub',
      ENABLE_IMAGE_TRANSFORMATION: 'true',
      IMGPROXY_URL: `http://storage_imgproxy_${id}:5001`,
    });
    assert.deepEqual(storage.HostConfig?.Binds, [`supabase_storage_${id}:/mnt`]);
    const imgproxy = request('imgproxy');
    assert.deepEqual(envOf(imgproxy), { IMGPROXY_BIND: ':5001', IMGPROXY_LOCAL_FILESYSTEM_ROOT: '/', IMGPROXY_USE_ETAG: '/' });
    assert.deepEqual(imgproxy.HostConfig?.VolumesFrom, [name('storage')]);
    assert.deepEqual(imgproxy.Healthcheck?.Test, ['CMD', 'imgproxy', 'health']);
    const inbucket = request('inbucket');
    assert.deepEqual(inbucket.Env, []);
    assert.deepEqual(inbucket.HostConfig?.Binds, [`supabase_inbucket_${id}:/config`, `supabase_inbucket_${id}:/storage`]);
    assert.equal(inbucket.Healthcheck, undefined);
  });

  it('realtime: IPv4 distribution whatever ip_version (IPv6 in the init config), an empty RLIMIT_NOFILE, the seeds in single quotes, port 4000 exposed', () => {
    const realtime = request('realtime');
    assert.equal(realtime.name, `realtime-dev.supabase_realtime_${id}`);
    assert.deepEqual(envOf(realtime), {
      PORT: '4000',
      DB_HOST: name('db'),
      DB_PORT: '5432',
      DB_USER: 'supabase_admin',
      DB_PASSWORD: 'postgres',
      DB_NAME: 'postgres',
      DB_AFTER_CONNECT_QUERY: 'SET search_path TO _realtime',
      DB_ENC_KEY: 'supabaserealtime',
      API_JWT_SECRET: config.auth.jwt_secret,
      FLY_ALLOC_ID: 'abc123',
      FLY_APP_NAME: 'realtime',
      SECRET_KEY_BASE: 'EAx3IQ/wRG1v47ZD4NE4/9RzBI8Jmil3x0yhcW4V2NHBP6c2iPIzwjofi2Ep4HIG',
      ERL_AFLAGS: '-proto_dist inet_tcp',
      ENABLE_TAILSCALE: 'false',
      DNS_NODES: "''",
      RLIMIT_NOFILE: '',
      REALTIME_IP_VERSION: 'IPv6',
      MAX_HEADER_LENGTH: '4096',
    });

    assert.deepEqual(realtime.Cmd, ['/bin/sh', '-c', "/app/bin/migrate && /app/bin/realtime eval 'Realtime.Release.seeds(Realtime.Repo)' && /app/bin/server"]);
    assert.deepEqual(realtime.ExposedPorts, { '4000/tcp': {} });
  });

  it('pg-meta and studio: the original health checks, logs in Studio only with analytics', () => {
    const pgMeta = request('pg-meta');
    assert.deepEqual(envOf(pgMeta), {
      PG_META_PORT: '8080',
      PG_META_DB_HOST: name('db'),
      PG_META_DB_NAME: 'postgres',
      PG_META_DB_USER: 'postgres',
      PG_META_DB_PORT: '5432',
      PG_META_DB_PASSWORD: 'postgres',
    });
    assert.deepEqual(pgMeta.Healthcheck?.Test, ['CMD', 'node', '-e', "fetch('http://127.0.0.1:8080/health').then((r) => {if (r.status !== 200) throw new Error(r.status)})"]);
    const studio = request('studio');
    assert.deepEqual(envOf(studio), {
      STUDIO_PG_META_URL: `http://${name('pg_meta')}:8080`,
      POSTGRES_PASSWORD: 'postgres',
      SUPABASE_URL: `http://${name('kong')}:8000`,
      SUPABASE_REST_URL: `http://127.0.0.1:${config.api.port}/rest/v1/`,
      SUPABASE_PUBLIC_URL: `http://127.0.0.1:${config.api.port}/`,
      SUPABASE_ANON_KEY: config.auth.anon_key,
      SUPABASE_SERVICE_KEY: config.auth.service_role_key,
      LOGFLARE_API_KEY: config.analytics.api_key,
      LOGFLARE_URL: `http://${name('analytics')}:4000`,
      NEXT_PUBLIC_ENABLE_LOGS: 'false',
      NEXT_ANALYTICS_BACKEND_PROVIDER: 'postgres',
      HOSTNAME: '0.0.0.0',
    });
    assert.equal(envOf(request('studio', withAnalytics)).NEXT_PUBLIC_ENABLE_LOGS, 'true');
    assert.deepEqual(studio.Healthcheck?.Test, ['CMD', 'node', '-e', "require('http').get('http://127.0.0.1:3000/api/profile', (r) => {if (r.statusCode !== 200) throw new Error(r.statusCode)})"]);
  });

  it('pooler: the bitnami image connects as pgbouncer to postgres on 5432', () => {
    const pooler = request('pooler');
    assert.deepEqual(envOf(pooler), {
      POSTGRESQL_HOST: name('db'),
      POSTGRESQL_PORT: '5432',
      POSTGRESQL_USERNAME: 'pgbouncer',
      POSTGRESQL_PASSWORD: 'postgres',
      POSTGRESQL_DATABASE: 'postgres',
      PGBOUNCER_AUTH_USER: 'pgbouncer',
      PGBOUNCER_AUTH_QUERY: 'SELECT * FROM pgbouncer.get_auth($1)',
      PGBOUNCER_POOL_MODE: 'transaction',
      PGBOUNCER_DEFAULT_POOL_SIZE: '20',
      PGBOUNCER_MAX_CLIENT_CONN: '100',
      PGBOUNCER_IGNORE_STARTUP_PARAMETERS: 'extra_float_digits',
    });
    assert.deepEqual(pooler.HostConfig?.PortBindings, { '6432/tcp': [{ HostPort: String(config.db.pooler.port) }] });
  });

  it('analytics: logflare as its own node 127.0.0.1, migrated then started without the image run.sh sleep', () => {
    const logflare = request('analytics', withAnalytics);
    assert.equal(logflare.Hostname, '127.0.0.1');
    assert.deepEqual(logflare.Entrypoint, ['sh', '-c', "cat <<'EOF' > run.sh && sh run.sh\n./logflare eval Logflare.Release.migrate\n./logflare start --sname logflare\nEOF\n"]);
    assert.deepEqual(envOf(logflare), {
      DB_DATABASE: 'postgres',
      DB_HOSTNAME: name('db'),
      DB_PORT: '5432',
      DB_SCHEMA: '_analytics',
      DB_USERNAME: 'supabase_admin',
      DB_PASSWORD: 'postgres',
      LOGFLARE_MIN_CLUSTER_SIZE: '1',
      LOGFLARE_SINGLE_TENANT: 'true',
      LOGFLARE_SUPABASE_MODE: 'true',
      LOGFLARE_API_KEY: config.analytics.api_key,
      LOGFLARE_LOG_LEVEL: 'warn',
      LOGFLARE_NODE_HOST: '127.0.0.1',
      LOGFLARE_FEATURE_FLAG_OVERRIDE: "'multibackend=true'",
      RELEASE_COOKIE: 'cookie',
      POSTGRES_BACKEND_URL: `postgresql://postgres:postgres@${name('db')}:5432/postgres`,
      POSTGRES_BACKEND_SCHEMA: '_analytics',
    });
    assert.equal(logflare.Healthcheck?.StartPeriod, 10 * SECOND_NS);
    assert.equal(logflare.HostConfig?.LogConfig, undefined);
    const bigquery = request('analytics', (c) => ({ ...withAnalytics(c), analytics: { ...withAnalytics(c).analytics, backend: 'bigquery', gcp_project_id: 'p', gcp_project_number: '1', gcp_jwt_path: 'supabase/gcloud.json' } }));
    const env = envOf(bigquery);
    assert.deepEqual([env.GOOGLE_DATASET_ID_APPEND, env.GOOGLE_PROJECT_ID, env.GOOGLE_PROJECT_NUMBER, env.POSTGRES_BACKEND_URL], ['_prod', 'p', '1', undefined]);
    assert.deepEqual(bigquery.HostConfig?.Binds, [`${path.join(root, 'supabase/gcloud.json')}:/opt/app/rel/logflare/bin/gcloud.json`]);
  });

  it('kong: the services, routes and plugins of the original kong.yml', () => {
    const kong = request('kong');
    const script = kong.Entrypoint![2]!;
    const yaml = script.slice(script.indexOf('\n') + 1, script.indexOf('\nEOF\n'));
    const declared = parse(yaml) as { _format_version: string; services: Array<{ name: string; url: string; routes: Array<{ name: string; strip_path: boolean; paths: string[] }>; plugins?: Array<{ name: string; config?: unknown }> }> };
    assert.equal(declared._format_version, '1.1');
    const rows = declared.services.map((service) => [service.name, service.url, service.routes[0]!.name, service.routes[0]!.paths.join(), (service.plugins ?? []).map((plugin) => plugin.name).join('+')]);
    const auth = `http://${name('auth')}:9999`;
    assert.deepEqual(rows, [
      ['auth-v1-open', `${auth}/verify`, 'auth-v1-open', '/auth/v1/verify', 'cors'],
      ['auth-v1-open-callback', `${auth}/callback`, 'auth-v1-open-callback', '/auth/v1/callback', 'cors'],
      ['auth-v1-open-authorize', `${auth}/authorize`, 'auth-v1-open-authorize', '/auth/v1/authorize', 'cors'],
      ['auth-v1', `${auth}/`, 'auth-v1-all', '/auth/v1/', 'cors'],
      ['rest-v1', `http://${name('rest')}:3000/`, 'rest-v1-all', '/rest/v1/', 'cors'],
      ['rest-admin-v1', `http://${name('rest')}:3001/`, 'rest-admin-v1-all', '/rest-admin/v1/', 'cors'],
      ['graphql-v1', `http://${name('rest')}:3000/rpc/graphql`, 'graphql-v1-all', '/graphql/v1', 'cors+request-transformer'],
      ['realtime-v1', `http://realtime-dev.supabase_realtime_${id}:4000/socket`, 'realtime-v1-all', '/realtime/v1/', 'cors'],
      ['storage-v1', `http://${name('storage')}:5000/`, 'storage-v1-all', '/storage/v1/', 'cors+request-transformer'],
      ['pg-meta', `http://${name('pg_meta')}:8080/`, 'pg-meta-all', '/pg/', ''],
      ['functions-v1', `http://${name('edge_runtime')}:8081/`, 'functions-v1-all', '/functions/v1/', ''],
      ['analytics-v1', `http://${name('analytics')}:4000/`, 'analytics-v1-all', '/analytics/v1/', ''],
    ]);
    assert.ok(declared.services.every((service) => service.routes[0]!.strip_path));
    const headers = (service: string) => (declared.services.find((entry) => entry.name === service)!.plugins![1]!.config as { add: { headers: string[] } }).add.headers;
    assert.deepEqual(headers('graphql-v1'), ['Content-Profile: graphql_public']);
    assert.deepEqual(headers('storage-v1'), [`Forwarded: host=127.0.0.1:${config.api.port}/storage/v1;proto=http`]);
    assert.deepEqual(envOf(kong), {
      KONG_DATABASE: 'off',
      KONG_DECLARATIVE_CONFIG: '/home/kong/kong.yml',
      KONG_DNS_ORDER: 'LAST,A,CNAME',
      KONG_PLUGINS: 'request-transformer,cors',
      KONG_NGINX_PROXY_PROXY_BUFFER_SIZE: '160k',
      KONG_NGINX_PROXY_PROXY_BUFFERS: '64 160k',
      KONG_NGINX_WORKER_PROCESSES: '1',
      // Ours: the email templates' server joins through an include (see kong.ts).
      KONG_NGINX_HTTP_INCLUDE: '/home/kong/email-server.conf',
    });
    assert.match(script, /listen 0\.0\.0\.0:8088;\n {2}location \/email \{\n {4}autoindex on;\n {4}root \/home\/kong\/templates;/);
    assert.deepEqual(kong.HostConfig?.LogConfig, undefined);
    assert.deepEqual(request('kong', withAnalytics).HostConfig?.LogConfig, { Type: 'syslog', Config: { 'syslog-address': `tcp://127.0.0.1:${config.analytics.vector_port}`, tag: '{{.Name}}' } });
  });

  it('vector: VECTOR_CONFIG, lines shaped and routed by container name, the db sink through kong', () => {
    const vector = request('vector', withAnalytics);
    assert.deepEqual(envOf(vector), { VECTOR_CONFIG: '/etc/vector/vector.yaml' });
    const script = vector.Entrypoint![2]!;
    assert.ok(script.startsWith("cat <<'EOF' > /etc/vector/vector.yaml && vector\n"), script.slice(0, 80));
    const yaml = parse(script.slice(script.indexOf('\n') + 1, script.lastIndexOf('EOF\n'))) as {
      sources: Record<string, { type: string; address: string; mode: string }>;
      transforms: Record<string, { type: string; inputs: string[]; route?: Record<string, string>; source?: string }>;
      sinks: Record<string, { inputs: string[]; uri: string }>;
    };
    assert.deepEqual(Object.keys(yaml.sources), ['docker_syslog']);
    // Each VRL program is a literal block, lines as written.
    assert.doesNotMatch(script, /source: >/);
    assert.match(script, /\n {6}parsed, err = parse_regex\(\.event_message, r'\^\(\?P<time>\\d\+:\\d\+:\\d\+\\\.\\d\+\) \\\[\(\?P<level>\\w\+\)\\\] \(\?P<msg>\.\*\)\$'\)\n/);
    assert.equal(yaml.transforms.project_logs!.type, 'remap');
    assert.match(yaml.transforms.project_logs!.source!, /\.event_message = del\(\.message\)/);
    assert.deepEqual(yaml.transforms.router!.route, {
      kong: `.appname == "${name('kong')}"`,
      auth: `.appname == "${name('auth')}"`,
      rest: `.appname == "${name('rest')}"`,
      realtime: `.appname == "realtime-dev.supabase_realtime_${id}"`,
      storage: `.appname == "${name('storage')}"`,
      functions: `.appname == "${name('edge_runtime')}"`,
      db: `.appname == "${name('db')}"`,
    });
    const key = config.analytics.api_key;
    const logflare = `http://${name('analytics')}:4000/api/logs`;
    assert.deepEqual(
      Object.fromEntries(Object.entries(yaml.sinks).map(([sink, spec]) => [sink, [spec.inputs.join(), spec.uri]])),
      {
        logflare_kong: ['kong_logs', `${logflare}?source_name=cloudflare.logs.prod&api_key=${key}`],
        logflare_auth: ['auth_logs', `${logflare}?source_name=gotrue.logs.prod&api_key=${key}`],
        logflare_rest: ['rest_logs', `${logflare}?source_name=postgREST.logs.prod&api_key=${key}`],
        logflare_realtime: ['realtime_logs', `${logflare}?source_name=realtime.logs.prod&api_key=${key}`],
        logflare_storage: ['storage_logs', `${logflare}?source_name=storage.logs.prod.2&api_key=${key}`],
        logflare_functions: ['router.functions', `${logflare}?source_name=deno-relay-logs&api_key=${key}`],
        logflare_db: ['db_logs', `http://${name('kong')}:8000/analytics/v1/api/logs?source_name=postgres.logs&api_key=${key}`],
      },
    );
    assert.deepEqual(vector.Healthcheck?.Test, ['CMD', 'wget', '--no-verbose', '--tries=1', '--spider', 'http://127.0.0.1:9001/health']);
    assert.equal(vector.HostConfig?.LogConfig, undefined);
  });
});
