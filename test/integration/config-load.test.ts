/** Loading supabase/config.toml: defaults, .env, env(), keys, and errors that name file, line and key. */
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../tasks/project/config-load.js';
import { initProject } from '../../tasks/project/init-project.js';
import { runtimeChoice } from '../../tasks/project/runtime-choice.js';
import { parseEnvFile } from '../../tasks/project/env-file.js';
import { parseSize } from '../../tasks/project/size.js';
import { DEFAULT_ANON_KEY, DEFAULT_SERVICE_ROLE_KEY, apiKeyFor } from '../../tasks/keys/api-keys.js';
import { decodeClaims, signHs256 } from '../../tasks/keys/jwt.js';
import { statusEntries, statusPrettyLines, statusVariables } from '../../tasks/keys/status-values.js';
import { removeDir, tempDir } from './support/temp-project.js';

describe('config loading', () => {
  const made: string[] = [];
  after(async () => Promise.all(made.map(removeDir)));

  /** A project whose config.toml is the template with `edit` applied. */
  const project = async (edit: (toml: string) => string = (t) => t): Promise<string> => {
    const root = await tempDir('cfg');
    made.push(root);
    await initProject(root);
    const file = path.join(root, 'supabase/config.toml');
    await writeFile(file, edit(await readFile(file, 'utf8')));
    return root;
  };

  it('names the file, the line and the key of a value of the wrong type', async () => {
    const root = await project((t) => t.replace('port = 54322', 'port = "54322"'));
    const line = (await readFile(path.join(root, 'supabase/config.toml'), 'utf8')).split('\n').findIndex((l) => l === 'port = "54322"') + 1;
    await assert.rejects(loadConfig(root, { env: {} }), (error: Error) => {
      assert.equal(
        error.message,
        `cannot read config in ${root}: supabase/config.toml:${line}: db.port: expected a port number (an integer from 1 to 65535), got a string ("54322")`,
      );
      return true;
    });
  });

  it('finds lines of dotted keys and nested tables', async () => {
    const root = await project((t) => `${t}\n[functions.hello]\nverify_jwt = "yes"\n`);
    const lines = (await readFile(path.join(root, 'supabase/config.toml'), 'utf8')).split('\n');
    await assert.rejects(loadConfig(root, { env: {} }), new RegExp(`supabase/config.toml:${lines.length - 1}: functions.hello.verify_jwt: expected true or false`));
  });

  it('reports TOML syntax errors with line and column', async () => {
    const root = await project((t) => t.replace('port = 54329', 'port = 54329 54330'));
    await assert.rejects(loadConfig(root, { env: {} }), (error: Error) => /^cannot read config in .*: supabase\/config\.toml:\d+:\d+: /.test(error.message));
  });

  it('says how to create a missing config', async () => {
    const root = await tempDir('cfg');
    made.push(root);
    await assert.rejects(loadConfig(root, { env: {} }), (error: Error & { suggestion?: string }) => {
      assert.equal(error.message, `cannot read config in ${root}: open supabase/config.toml: no such file or directory`);
      assert.equal(error.suggestion, 'Have you set up the project with supabase init?');
      return true;
    });
  });

  it('warns about unknown keys and accepts our [local] table', async () => {
    const root = await project((t) => `${t}\n[local]\nruntime = "native"\n\n[auth.nonsense]\nx = 1\n`);
    const { config, warnings } = await loadConfig(root, { env: {} });
    assert.deepEqual(warnings, ['Unknown config fields: [auth.nonsense]']);
    assert.equal(runtimeChoice(config, {}), 'native');
    assert.equal(runtimeChoice(config, { SUPABASE_RUNTIME: 'docker' }), 'docker');
    assert.throws(() => runtimeChoice(config, { SUPABASE_RUNTIME: 'podman' }), /Invalid SUPABASE_RUNTIME: podman/);
  });

  it('rejects a bad [local] runtime', async () => {
    const root = await project((t) => `${t}\n[local]\nruntime = "vm"\n`);
    await assert.rejects(loadConfig(root, { env: {} }), /local\.runtime: expected one of "auto", "native", "docker", got a string \("vm"\)/);
  });

  it('keeps the original messages for missing and invalid values', async () => {
    const cases: Array<[(t: string) => string, string]> = [
      [(t) => t.replace(/^project_id = .*$/m, 'project_id = ""'), 'Missing required field in config: project_id'],
      [(t) => t.replace('major_version = 15', 'major_version = 12'), 'Postgres version 12.x is unsupported.'],
      [(t) => t.replace('major_version = 15', 'major_version = 16'), 'Failed reading config: Invalid db.major_version: 16.'],
      [(t) => t.replace('[db.pooler]\nenabled = false', '[db.pooler]\nenabled = true').replace('"transaction"', '"statement"'), 'Invalid config for db.pooler.pool_mode. Must be one of: [transaction session]'],
      [(t) => t.replace('# ip_version = "IPv6"', 'ip_version = "IPv5"'), 'Invalid config for realtime.ip_version. Must be one of: [IPv6 IPv4]'],
      [(t) => t.replace('site_url = "http://127.0.0.1:3000"', 'site_url = ""'), 'Missing required field in config: auth.site_url'],
      [(t) => t.replace('backend = "postgres"', 'backend = "mysql"').replace('[analytics]\nenabled = false', '[analytics]\nenabled = true'), 'Invalid config for analytics.backend. Must be one of: [postgres bigquery]'],
    ];
    for (const [edit, message] of cases) {
      const root = await project(edit);
      await assert.rejects(loadConfig(root, { env: {} }), (error: Error) => error.message.startsWith(message), message);
    }
  });

  it('resolves env() only for enabled providers, and names an unset variable', async () => {
    const enableApple = (t: string): string => t.replace('[auth.external.apple]\nenabled = false\nclient_id = ""', '[auth.external.apple]\nenabled = true\nclient_id = "apple-id"');
    const root = await project(enableApple);
    await assert.rejects(
      loadConfig(root, { env: {} }),
      { message: 'Error evaluating "env(SUPABASE_AUTH_EXTERNAL_APPLE_SECRET)": environment variable SUPABASE_AUTH_EXTERNAL_APPLE_SECRET is unset.' },
    );
    const { config } = await loadConfig(root, { env: { SUPABASE_AUTH_EXTERNAL_APPLE_SECRET: 's3cret' } });
    assert.equal(config.auth.external.apple!.secret, 's3cret');
    // Disabled providers keep their placeholders, so the template never fails.
    assert.equal(config.auth.sms.twilio.auth_token, 'env(SUPABASE_AUTH_SMS_TWILIO_AUTH_TOKEN)');
  });

  it('reads .env, with the process environment winning', async () => {
    const root = await project();
    await writeFile(path.join(root, '.env'), 'export SUPABASE_AUTH_JWT_SECRET="a-different-secret-that-is-long-enough-0000"\nOTHER=${SUPABASE_AUTH_JWT_SECRET}-x # comment\n');
    const fromFile = await loadConfig(root, { env: {} });
    assert.equal(fromFile.config.auth.jwt_secret, 'a-different-secret-that-is-long-enough-0000');
    assert.equal(fromFile.env.OTHER, 'a-different-secret-that-is-long-enough-0000-x');
    assert.notEqual(fromFile.config.auth.anon_key, DEFAULT_ANON_KEY);
    assert.deepEqual(decodeClaims(fromFile.config.auth.anon_key), { iss: 'supabase-demo', role: 'anon', exp: 1983812996 });
    const fromProcess = await loadConfig(root, { env: { SUPABASE_AUTH_JWT_SECRET: 'from-process-environment-0123456789' } });
    assert.equal(fromProcess.config.auth.jwt_secret, 'from-process-environment-0123456789');
  });

  it('reports a broken .env as the original does', async () => {
    const root = await project();
    await writeFile(path.join(root, '.env'), 'NOT A VALID LINE\n');
    await assert.rejects(loadConfig(root, { env: {} }), (error: Error) => /^failed to load \.env: line 1: /.test(error.message));
  });

  it('reads the version files in supabase/.temp', async () => {
    const root = await project();
    await mkdir(path.join(root, 'supabase/.temp'), { recursive: true });
    await writeFile(path.join(root, 'supabase/.temp/postgres-version'), '15.1.1.2\n');
    await writeFile(path.join(root, 'supabase/.temp/rest-version'), 'v12.2.0');
    const { config } = await loadConfig(root, { env: {} });
    assert.equal(config.images.db, 'supabase/postgres:15.1.1.2');
    assert.equal(config.images.rest, 'postgrest/postgrest:v12.2.0');
  });
});

describe('keys and status values', () => {
  it('gives the original default keys for the default secret, and signs others alike', () => {
    const secret = 'super-secret-jwt-token-with-at-least-32-characters-long';
    assert.equal(signHs256({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 }, secret), DEFAULT_ANON_KEY);
    assert.equal(signHs256({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 }, secret), DEFAULT_SERVICE_ROLE_KEY);
    assert.equal(apiKeyFor('service_role', secret), DEFAULT_SERVICE_ROLE_KEY);
    assert.match(apiKeyFor('anon', 'x'.repeat(40)), /^eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9\./);
  });

  it('lists the status values with the original names, labels and order', async () => {
    const root = await tempDir('status');
    try {
      await initProject(root);
      const { config } = await loadConfig(root, { env: {} });
      // Everything the original runs is up; `functions serve` is not (the original has no such line).
      const all = statusEntries(config, { isRunning: (service) => service !== 'functions' });
      assert.deepEqual(all.map((e) => e.name), ['API_URL', 'GRAPHQL_URL', 'DB_URL', 'STUDIO_URL', 'INBUCKET_URL', 'JWT_SECRET', 'ANON_KEY', 'SERVICE_ROLE_KEY']);
      assert.deepEqual(statusPrettyLines(all).slice(0, 3), [
        '         API URL: http://127.0.0.1:54321',
        '     GraphQL URL: http://127.0.0.1:54321/graphql/v1',
        '          DB URL: postgresql://postgres:postgres@127.0.0.1:54322/postgres',
      ]);
      assert.equal(statusPrettyLines(all)[7], `service_role key: ${DEFAULT_SERVICE_ROLE_KEY}`);
      const serving = statusEntries(config, { isRunning: () => true });
      assert.deepEqual(serving.map((e) => e.name).slice(0, 3), ['API_URL', 'GRAPHQL_URL', 'FUNCTIONS_URL']);
      const dbOnly = statusEntries(config, { isRunning: () => false });
      assert.deepEqual(statusVariables(dbOnly, { 'db.url': 'DATABASE_URL' }), { DATABASE_URL: 'postgresql://postgres:postgres@127.0.0.1:54322/postgres' });
    } finally {
      await removeDir(root);
    }
  });
});

describe('.env and size parsing', () => {
  it('parses quotes, escapes, multi-line values and expansion like godotenv', () => {
    const vars = parseEnvFile("A=1\nB='lit $A'\nC=\"x\\ny $A\"\nD: yaml\n# c\nE=\"multi\nline\"\nF=${A}2\n", () => undefined);
    assert.deepEqual(vars, { A: '1', B: 'lit $A', C: 'x\ny 1', D: 'yaml', E: 'multi\nline', F: '12' });
  });

  it('reads human sizes with binary units', () => {
    assert.equal(parseSize('50MiB'), 50 * 1024 * 1024);
    assert.equal(parseSize('50MB'), 50 * 1024 * 1024);
    assert.equal(parseSize('500kb'), 500 * 1024);
    assert.equal(parseSize('12'), 12);
    assert.equal(parseSize('fifty'), undefined);
  });
});
