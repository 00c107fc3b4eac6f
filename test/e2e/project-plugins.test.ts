import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';
import { pgMetaPortEnv, withFreeServicePorts } from '../integration/support/temp-project.js';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// A plugin of the kind a project would write: it uses the database once it is up, and cleans up on stop.
const PLUGIN = `
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from ${JSON.stringify(new URL('../../node_modules/pg/lib/index.js', import.meta.url).href)};
export default {
  name: 'marker',
  async start({ root, dbUrl }) {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    await client.query('create table if not exists public.plugin_marker (at timestamptz default now())');
    await client.end();
    writeFileSync(join(root, 'started.txt'), dbUrl);
    return 'marker table ready';
  },
  async stop({ root }) {
    writeFileSync(join(root, 'stopped.txt'), 'bye');
  },
};
`;

describe('project plugins named in config.toml add steps to the local stack', function () {
  this.timeout(120_000);
  const home = mkdtempSync(join(tmpdir(), 'native-home-'));
  chmodSync(home, 0o755);
  const env: NodeJS.ProcessEnv = { SUPABASE_NATIVE_HOME: home, SUPABASE_RUNTIME: 'native' };
  before(async () => Object.assign(env, await pgMetaPortEnv()));

  async function project(plugins: string[]): Promise<string> {
    const folder = mkdtempSync(join(tmpdir(), 'plugins-'));
    assert.equal(runCli(['init'], { cwd: folder, env }).code, 0);
    const config = join(folder, 'supabase', 'config.toml');
    const text = await withFreeServicePorts(readFileSync(config, 'utf8').replace(/^port = 54322$/m, `port = ${await freePort()}`));
    writeFileSync(config, `${text}\n[local]\nplugins = ${JSON.stringify(plugins)}\n`);
    mkdirSync(join(folder, 'supabase', 'plugins'));
    writeFileSync(join(folder, 'supabase', 'plugins', 'marker.mjs'), PLUGIN);
    return folder;
  }

  it('runs a plugin after the database is up, records it, and stops it before the stack', async () => {
    const folder = await project(['supabase/plugins/marker.mjs']);
    try {
      const started = runCli(['start'], { cwd: folder, env });
      assert.equal(started.code, 0, started.stderr);
      assert.match(readFileSync(join(folder, 'started.txt'), 'utf8'), /^postgresql:\/\//);
      assert.equal(runCli(['stop'], { cwd: folder, env }).code, 0);
      assert.ok(existsSync(join(folder, 'stopped.txt')));
      const events = JSON.parse(runCli(['events', '-o', 'json'], { cwd: folder, env }).stdout) as Array<{ type: string; data: Record<string, unknown> }>;
      const plugin = events.filter((event) => event.data.service === 'plugin:marker').map((event) => event.type);
      assert.deepEqual(plugin, ['SERVICE_STARTING', 'SERVICE_HEALTHY', 'SERVICE_STOPPED']);
    } finally {
      runCli(['stop', '--no-backup'], { cwd: folder, env });
    }
  });

  it('a plugin that cannot be loaded stops the start with its path and the config key, but not a stop', async () => {
    const folder = await project(['supabase/plugins/missing.mjs']);
    const result = runCli(['start'], { cwd: folder, env });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^failed to load the project plugin supabase\/plugins\/missing\.mjs \(\[local\] plugins\)/);
    assert.equal(runCli(['stop'], { cwd: folder, env }).code, 0);
  });
});
