/**
 * The local platform API as the docs site meets it: a real detached server process, signed in
 * through its login page, read with bearer tokens, restarted, and stopped.
 */
import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { initProject } from '../../tasks/project/init-project.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import type { ProjectConfig } from '../../tasks/project/config.types.js';
import { platformApiStatus, startPlatformApi, stopPlatformApi, type PlatformApiHandle } from '../../tasks/local-platform-api/platform-process.js';
import { platformPaths } from '../../tasks/local-platform-api/platform-paths.js';
import { freePort, nativeTestEnv, removeDir, tempDir } from './support/temp-project.js';

const DOCS = 'http://localhost:8000';

/**
 * Whether a pid is gone. This test process is the server's parent, so a stopped server may stay
 * a zombie for a moment until Node reaps it; the CLI that stops it never is its parent.
 */
async function gone(pid: number): Promise<boolean> {
  for (let waited = 0; waited < 2000; waited += 20) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('local platform API', function () {
  this.timeout(60_000);
  const folders: string[] = [];
  let env: NodeJS.ProcessEnv;
  let config: ProjectConfig;
  let api: PlatformApiHandle;

  /** A project with a free studio port, its files under a native home of its own. */
  async function makeProject(projectEnv: NodeJS.ProcessEnv): Promise<ProjectConfig> {
    const root = await tempDir('platform');
    folders.push(root);
    await initProject(root);
    const loaded = (await loadConfig(root, { env: projectEnv })).config;
    loaded.studio.port = await freePort();
    return loaded;
  }

  /** Signs in through the login page as a browser would; returns the redirect's Location. */
  async function signIn(redirectTo = `${DOCS}/docs/guides/api`): Promise<URL> {
    const page = await fetch(`${api.url}/login?redirect_to=${encodeURIComponent(redirectTo)}`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /Sign in as the local developer/);
    const csrf = /name="csrf_token" value="([^"]+)"/.exec(html)?.[1];
    assert.ok(csrf, 'the form carries a one-time token');
    const posted = await fetch(`${api.url}/login`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ csrf_token: csrf }) });
    assert.equal(posted.status, 303);
    return new URL(posted.headers.get('location')!);
  }

  const tokenOf = (location: URL) => new URLSearchParams(location.hash.slice(1)).get('access_token')!;
  const get = (route: string, token?: string, headers: Record<string, string> = {}) =>
    fetch(`${api.url}${route}`, { headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });

  before(async () => {
    env = await nativeTestEnv({ SUPABASE_NATIVE_HOME: await tempDir('platform-home') });
    folders.push(env.SUPABASE_NATIVE_HOME!);
    config = await makeProject(env);
    api = await startPlatformApi({ config, env });
  });
  after(async () => {
    await stopPlatformApi(config.project_id, env).catch(() => undefined);
    await Promise.all(folders.map(removeDir));
  });

  it('runs detached on the studio port and reports itself running', async () => {
    assert.equal(api.url, `http://127.0.0.1:${config.studio.port}`);
    assert.deepEqual(await platformApiStatus(config.project_id, env), { state: 'running', pid: api.pid, url: api.url });
  });

  describe('with a session', () => {
    let token: string;
    before(async () => {
      token = tokenOf(await signIn());
    });

    it('lists the local organization and project', async () => {
      const orgs = (await (await get('/platform/organizations', token)).json()) as Array<{ id: number; name: string }>;
      assert.equal(orgs.length, 1);
      assert.equal(typeof orgs[0]!.id, 'number');
      const projects = (await (await get('/platform/projects', token)).json()) as Array<Record<string, unknown>>;
      assert.equal(projects.length, 1);
      assert.deepEqual(
        { ...projects[0], inserted_at: undefined },
        { id: 1, ref: config.project_id, name: config.project_id, organization_id: orgs[0]!.id, status: 'ACTIVE_HEALTHY', region: 'local', cloud_provider: 'localhost', inserted_at: undefined, is_branch_enabled: false, preview_branch_refs: [] },
      );
    });

    it('answers branches with an empty list', async () => {
      const res = await get(`/v1/projects/${config.project_id}/branches`, token);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), []);
    });

    it('serves the local API endpoint and keys as autoApiService', async () => {
      const res = await get(`/platform/props/project/${config.project_id}/api`, token);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const { autoApiService: service } = (await res.json()) as { autoApiService: Record<string, unknown> & { app_config: { endpoint: string }; service_api_keys: Array<{ tags: string; api_key: string }> } };
      const endpoint = `127.0.0.1:${config.api.port}`;
      assert.equal(service.endpoint, endpoint);
      assert.equal(service.protocol, 'http');
      assert.equal(`${service.protocol}://${service.endpoint}`, `http://${endpoint}`);
      assert.equal(service.restUrl, `http://${endpoint}/rest/v1/`);
      assert.equal(service.app_config.endpoint, endpoint);
      assert.equal(service.defaultApiKey, config.auth.anon_key);
      assert.equal(service.serviceApiKey, config.auth.service_role_key);
      assert.deepEqual(service.project, { ref: config.project_id });
      assert.equal(service.service_api_keys.find((key) => key.tags === 'anon')?.api_key, config.auth.anon_key);
    });

    it('answers 404 for another project ref', async () => {
      for (const route of ['/platform/props/project/abcdefghijklmnopqrst/api', '/v1/projects/abcdefghijklmnopqrst/branches']) {
        const res = await get(route, token);
        assert.equal(res.status, 404);
        assert.equal(typeof ((await res.json()) as { message: string }).message, 'string');
      }
    });

    it('sends CORS headers to a configured docs origin only', async () => {
      const allowed = await get('/platform/projects', token, { Origin: DOCS });
      assert.equal(allowed.headers.get('access-control-allow-origin'), DOCS);
      const other = await get('/platform/projects', token, { Origin: 'http://evil.test' });
      assert.equal(other.headers.get('access-control-allow-origin'), null);
    });

    it('keeps tokens out of the log and only hashes in a 0600 sessions file', async () => {
      const paths = platformPaths(config.project_id, env);
      assert.ok(!(await readFile(paths.logFile, 'utf8')).includes(token));
      const sessions = await readFile(paths.sessionsFile, 'utf8');
      assert.ok(!sessions.includes(token));
      assert.equal((await stat(paths.sessionsFile)).mode & 0o777, 0o600);
      assert.equal((await stat(paths.settingsFile)).mode & 0o777, 0o600);
    });
  });

  describe('sessions and CORS', () => {
    it('answers 401 without a token or with a bad one', async () => {
      for (const token of [undefined, 'not-a-session']) {
        const res = await get(`/platform/props/project/${config.project_id}/api`, token);
        assert.equal(res.status, 401);
        assert.deepEqual(await res.json(), { message: 'Invalid or missing access token' });
      }
    });

    it('answers preflights for docs origins and refuses others', async () => {
      const ok = await fetch(`${api.url}/platform/projects`, { method: 'OPTIONS', headers: { Origin: DOCS, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,x-request-id', 'Access-Control-Request-Private-Network': 'true' } });
      assert.equal(ok.status, 204);
      assert.equal(ok.headers.get('access-control-allow-origin'), DOCS);
      assert.match(ok.headers.get('access-control-allow-headers')!, /Authorization/);
      assert.match(ok.headers.get('access-control-allow-headers')!, /X-Request-Id/);
      assert.equal(ok.headers.get('access-control-allow-private-network'), 'true');
      const refused = await fetch(`${api.url}/platform/projects`, { method: 'OPTIONS', headers: { Origin: 'http://evil.test', 'Access-Control-Request-Method': 'GET' } });
      assert.equal(refused.status, 403);
      assert.equal(refused.headers.get('access-control-allow-origin'), null);
    });

    it('signs in and returns to the docs with the token in the fragment', async () => {
      const location = await signIn(`${DOCS}/docs/guides/api?x=1#old`);
      assert.equal(location.origin, DOCS);
      assert.equal(location.pathname, '/docs/guides/api');
      assert.equal(location.search, '?x=1');
      const fragment = new URLSearchParams(location.hash.slice(1));
      assert.match(fragment.get('access_token')!, /^[A-Za-z0-9_-]{43}$/);
      assert.equal(fragment.get('token_type'), 'bearer');
      assert.equal((await get('/platform/projects', fragment.get('access_token')!)).status, 200);
    });

    it('refuses to sign in for a page outside the docs origins, or with a used form token', async () => {
      for (const target of ['http://evil.test/steal', 'javascript:alert(1)', 'not a url']) {
        const page = await fetch(`${api.url}/login?redirect_to=${encodeURIComponent(target)}`);
        assert.equal(page.status, 400);
        assert.doesNotMatch(await page.text(), /csrf_token/);
      }
      const html = await (await fetch(`${api.url}/login?redirect_to=${encodeURIComponent(DOCS)}`)).text();
      const csrf = /name="csrf_token" value="([^"]+)"/.exec(html)![1]!;
      const post = () => fetch(`${api.url}/login`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ csrf_token: csrf }) });
      assert.equal((await post()).status, 303);
      assert.equal((await post()).status, 403, 'a form token works once');
      const forged = await fetch(`${api.url}/login`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ csrf_token: 'guessed' }) });
      assert.equal(forged.status, 403);
      assert.equal(forged.headers.get('location'), null);
    });

    it('revokes a session on logout', async () => {
      const token = tokenOf(await signIn());
      const out = await fetch(`${api.url}/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
      assert.equal(out.status, 204);
      assert.equal((await get('/platform/projects', token)).status, 401);
      assert.equal((await fetch(`${api.url}/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } })).status, 401);
    });

  });

  describe('project settings page (the docs widget\'s dashboard link)', () => {
    it('shows the project URL and anon key at the dashboard route, without a session', async () => {
      for (const ref of ['_', config.project_id]) {
        const res = await fetch(`${api.url}/project/${ref}/settings/api`);
        assert.equal(res.status, 200, ref);
        assert.match(res.headers.get('content-type')!, /^text\/html/);
        assert.equal(res.headers.get('cache-control'), 'no-store');
        assert.match(res.headers.get('content-security-policy')!, /frame-ancestors 'none'/);
        const html = await res.text();
        assert.ok(html.includes(`value="http://127.0.0.1:${config.api.port}"`), 'project URL');
        assert.ok(html.includes(`value="${config.auth.anon_key}"`), 'anon key');
        assert.ok(!html.includes(config.auth.service_role_key), 'never the service_role key');
        assert.match(html, /supabase status/);
      }
    });

    it('answers 404 for another project and refuses a non-loopback Host header', async () => {
      assert.equal((await fetch(`${api.url}/project/abcdefghijklmnopqrst/settings/api`)).status, 404);
      const rebound = await new Promise<number>((resolve, reject) => {
        const req = http.get(`${api.url}/project/_/settings/api`, { headers: { Host: `attacker.test:${config.studio.port}` } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on('error', reject);
      });
      assert.equal(rebound, 421);
    });
  });

  describe('process lifecycle', () => {
    it('keeps sessions across a restart, with origins from SUPABASE_DOCS_ORIGINS', async () => {
      const token = tokenOf(await signIn());
      const oldPid = api.pid;
      const restartEnv = { ...env, SUPABASE_DOCS_ORIGINS: 'http://docs.test:7000, http://localhost:8000/' };
      api = await startPlatformApi({ config, env: restartEnv });
      assert.notEqual(api.pid, oldPid);
      assert.ok(await gone(oldPid), 'the replaced server is gone');
      const res = await get('/platform/projects', token, { Origin: 'http://docs.test:7000' });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('access-control-allow-origin'), 'http://docs.test:7000');
      assert.equal((await get('/platform/projects', token, { Origin: 'http://localhost:9000' })).headers.get('access-control-allow-origin'), null);
    });

    it('refuses clearly when the studio port is taken', async () => {
      const blocker = net.createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
      const port = (blocker.address() as net.AddressInfo).port;
      try {
        const other = await makeProject(env);
        other.studio.port = port;
        await assert.rejects(startPlatformApi({ config: other, env }), (error: Error & { suggestion?: string }) => {
          assert.equal(error.message, `failed to start the local platform API: port ${port} is already in use (set by [studio] port in supabase/config.toml)`);
          assert.match(error.suggestion!, /\[studio\] port/);
          return true;
        });
      } finally {
        blocker.close();
      }
    });

    it('stops the process for real', async () => {
      const { pid, url } = api;
      assert.equal(await stopPlatformApi(config.project_id, env), true);
      assert.ok(await gone(pid));
      await assert.rejects(fetch(`${url}/health`));
      assert.deepEqual(await platformApiStatus(config.project_id, env), { state: 'stopped' });
      assert.equal(await stopPlatformApi(config.project_id, env), false, 'stopping again is a no-op');
    });
  });
});
