/** `supabase init`: the files it writes, the refusal to overwrite, and what the handler prints. */
import { runMain } from '../helpers/run-cli.js';
import assert from 'node:assert/strict';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { initProject, ALREADY_INITIALIZED, GITIGNORE_BLOCK } from '../../tasks/project/init-project.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import { sanitizeProjectId } from '../../tasks/project/project-id.js';
import runInit from '../../cli/commands/init.command.js';
import type { CommandContext } from '../../cli/context.js';
import { registryDocuments } from '../../cli/help/registry-documents.js';
import { removeDir, tempDir } from './support/temp-project.js';

describe('init', () => {
  const made: string[] = [];
  const folder = async (prefix?: string): Promise<string> => {
    const dir = await tempDir(prefix);
    made.push(dir);
    return dir;
  };
  after(async () => Promise.all(made.map(removeDir)));

  it('writes config.toml named after the folder and an empty seed.sql, and nothing else', async () => {
    const parent = await folder('init');
    const root = path.join(parent, 'My App!');
    await mkdir(root);
    const result = await initProject(root);
    assert.equal(result.projectId, 'My_App_');
    const toml = await readFile(path.join(root, 'supabase/config.toml'), 'utf8');
    assert.match(toml, /^project_id = "My_App_"$/m);
    assert.equal(await readFile(path.join(root, 'supabase/seed.sql'), 'utf8'), '');
    assert.deepEqual((await readdir(path.join(root, 'supabase'))).sort(), ['config.toml', 'seed.sql']);
  });

  it('writes a template whose every default loads', async () => {
    const root = await folder('init');
    await initProject(root);
    const { config, warnings } = await loadConfig(root, { env: {} });
    assert.deepEqual(warnings, []);
    assert.equal(config.api.port, 54321);
    assert.deepEqual(config.api.schemas, ['public', 'storage', 'graphql_public']);
    assert.deepEqual(config.api.extra_search_path, ['public', 'extensions']);
    assert.equal(config.api.max_rows, 1000);
    assert.equal(config.db.port, 54322);
    assert.equal(config.db.shadow_port, 54320);
    assert.equal(config.db.major_version, 15);
    assert.deepEqual(config.db.pooler, { enabled: false, port: 54329, pool_mode: 'transaction', default_pool_size: 20, max_client_conn: 100, connection_string: '' });
    assert.equal(config.realtime.ip_version, 'IPv6');
    assert.equal(config.realtime.max_header_length, 4096);
    assert.deepEqual(config.studio, { enabled: true, port: 54323, api_url: 'http://127.0.0.1' });
    assert.deepEqual(config.inbucket, { enabled: true, port: 54324, smtp_port: 0, pop3_port: 0 });
    assert.equal(config.storage.file_size_limit, 50 * 1024 * 1024);
    assert.equal(config.auth.site_url, 'http://127.0.0.1:3000');
    assert.deepEqual(config.auth.additional_redirect_urls, ['https://127.0.0.1:3000']);
    assert.equal(config.auth.jwt_expiry, 3600);
    assert.equal(config.auth.enable_refresh_token_rotation, true);
    assert.equal(config.auth.refresh_token_reuse_interval, 10);
    assert.equal(config.auth.enable_signup, true);
    assert.equal(config.auth.enable_manual_linking, false);
    assert.deepEqual(config.auth.email, { enable_signup: true, double_confirm_changes: true, enable_confirmations: false, template: {} });
    assert.equal(config.auth.sms.template, 'Your code is {{ .Code }} .');
    assert.equal(config.auth.sms.twilio.auth_token, 'env(SUPABASE_AUTH_SMS_TWILIO_AUTH_TOKEN)');
    assert.equal(config.auth.external.apple!.secret, 'env(SUPABASE_AUTH_EXTERNAL_APPLE_SECRET)');
    assert.deepEqual(
      { enabled: config.analytics.enabled, port: config.analytics.port, vector_port: config.analytics.vector_port, backend: config.analytics.backend },
      { enabled: false, port: 54327, vector_port: 54328, backend: 'postgres' },
    );
    assert.equal(config.experimental.orioledb_version, '');
    assert.equal(config.experimental.s3_host, 'env(S3_HOST)');
    assert.equal(config.local.runtime, 'auto');
    assert.equal(config.images.db, 'supabase/postgres:15.1.0.147');
  });

  it('refuses to overwrite an existing config with the original message', async () => {
    const root = await folder('init');
    await initProject(root);
    await writeFile(path.join(root, 'supabase/config.toml'), 'project_id = "mine"\n');
    await assert.rejects(initProject(root), { message: ALREADY_INITIALIZED });
    assert.equal(await readFile(path.join(root, 'supabase/config.toml'), 'utf8'), 'project_id = "mine"\n');
  });

  it('adds the .gitignore block only inside a git repository, once', async () => {
    const outside = await folder('nogit');
    await initProject(outside);
    await assert.rejects(stat(path.join(outside, 'supabase/.gitignore')));

    const repo = await folder('git');
    await mkdir(path.join(repo, '.git'));
    const root = path.join(repo, 'app');
    await mkdir(path.join(root, 'supabase'), { recursive: true });
    await writeFile(path.join(root, 'supabase/.gitignore'), 'node_modules');
    await initProject(root);
    assert.equal(await readFile(path.join(root, 'supabase/.gitignore'), 'utf8'), `node_modules\n${GITIGNORE_BLOCK}`);
  });

  it('sets the OrioleDB version with --use-orioledb', async () => {
    const root = await folder('init');
    await initProject(root, { useOrioledb: true });
    assert.match(await readFile(path.join(root, 'supabase/config.toml'), 'utf8'), /^orioledb_version = "15\.1\.0\.150"$/m);
  });

  it('writes the VS Code settings when asked', async () => {
    const root = await folder('init');
    await mkdir(path.join(root, '.vscode'));
    await writeFile(path.join(root, '.vscode/settings.json'), '{"editor.tabSize": 2}');
    await initProject(root, { withVscodeSettings: true });
    const settings = JSON.parse(await readFile(path.join(root, '.vscode/settings.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(settings['editor.tabSize'], 2);
    assert.deepEqual(settings['deno.enablePaths'], ['supabase/functions']);
    assert.deepEqual(JSON.parse(await readFile(path.join(root, '.vscode/extensions.json'), 'utf8')), { recommendations: ['denoland.vscode-deno'] });
  });

  it('sanitises folder names like the original', () => {
    assert.equal(sanitizeProjectId('..my project'), 'my_project');
    assert.equal(sanitizeProjectId('-_.x'), 'x');
    assert.equal(sanitizeProjectId('a@@b#c'), 'a_b_c');
  });

  describe('command handler', () => {
    const context = (root: string, flags: Record<string, boolean> = {}, changed: string[] = []): CommandContext & { out: string[]; err: string[] } => {
      const out: string[] = [];
      const err: string[] = [];
      return {
        path: 'init',
        args: [],
        flags: { 'with-vscode-settings': false, 'with-vscode-workspace': false, 'use-orioledb': false, ...flags },
        changed: new Set(changed),
        globals: { debug: false, experimental: false, dnsResolver: 'native', createTicket: false },
        projectRoot: root,
        env: {},
        io: { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), interactive: false, readStdin: async () => '' },
        log: { debug: () => undefined, conceal: () => undefined, lines: () => [] },
        documents: registryDocuments,
        out,
        err,
      };
    };

    it('prints exactly what the original prints', async () => {
      const root = await folder('cmd');
      const ctx = context(root);
      assert.equal(await runInit(ctx), undefined);
      assert.deepEqual(ctx.out, ['Finished supabase init.\n']);
      assert.deepEqual(ctx.err, []);
    });

    it('prints the VS Code line when the settings are written', async () => {
      const root = await folder('cmd');
      const ctx = context(root, { 'with-vscode-settings': true }, ['with-vscode-settings']);
      await runInit(ctx);
      assert.deepEqual(ctx.out, [
        'Generated VS Code settings in .vscode/settings.json. Please install the recommended extension!\n',
        'Finished supabase init.\n',
      ]);
    });

    it('refuses a second init with one clear line and exit code 1', async () => {
      const root = await folder('cmd');
      assert.equal((await runMain(['init', '--workdir', root])).code, 0);
      const again = await runMain(['init', '--workdir', root]);
      assert.equal(again.code, 1);
      assert.equal(again.stderr.split('\n')[0], ALREADY_INITIALIZED);
    });

    it('requires --experimental with --use-orioledb', async () => {
      const root = await folder('cmd');
      await assert.rejects(runInit(context(root, { 'use-orioledb': true }, ['use-orioledb'])), /required flag\(s\) "experimental" not set/);
    });
  });
});
