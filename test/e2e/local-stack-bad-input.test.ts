import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';

function listen(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port }));
  });
}

describe('local stack: bad input gets one clear message and changes nothing', function () {
  this.timeout(60_000);
  const home = mkdtempSync(join(tmpdir(), 'native-home-'));
  chmodSync(home, 0o755);
  const env = { SUPABASE_NATIVE_HOME: home };

  function project(): string {
    const folder = mkdtempSync(join(tmpdir(), 'bad-input-'));
    assert.equal(runCli(['init'], { cwd: folder, env }).code, 0);
    return folder;
  }

  function setConfig(folder: string, from: RegExp, to: string): void {
    const file = join(folder, 'supabase', 'config.toml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));
  }

  it('a broken config.toml names the file, the line and the key', () => {
    const folder = project();
    setConfig(folder, /^port = 54322$/m, 'port = "not a number"');
    const result = runCli(['start'], { cwd: folder, env });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /supabase\/config\.toml:\d+: db\.port: /);
    assert.ok(!existsSync(join(folder, 'supabase', '.temp', 'events.jsonl')), 'a refused start must not touch the journal');
  });

  it('a port in use names the port and the config key, and the stack stays stopped', async () => {
    const folder = project();
    const { server, port } = await listen();
    try {
      setConfig(folder, /^port = 54322$/m, `port = ${port}`);
      const result = runCli(['start'], { cwd: folder, env });
      assert.equal(result.code, 1);
      assert.match(result.stderr, new RegExp(`port ${port} is already in use \\(set by \\[db\\] port in supabase/config\\.toml\\)`));
      assert.equal(runCli(['status'], { cwd: folder, env }).code, 1);
      const events = JSON.parse(runCli(['events', '-o', 'json'], { cwd: folder, env }).stdout) as Array<{ stream: string; type: string }>;
      // The failed start is recorded, and what it had started is stopped again.
      const stack = events.filter((event) => event.stream === 'stack').map((event) => event.type);
      assert.ok(stack.includes('START_FAILED'), stack.join(' '));
      assert.equal(stack.at(-1), 'STOPPED');
      assert.equal(events.at(-1)?.type, 'FAILED');
    } finally {
      server.close();
    }
  });

  it('a migration that needs a missing extension names it', () => {
    const folder = project();
    setConfig(folder, /^port = 54322$/m, 'port = 54999');
    setConfig(folder, /^port = 54323$/m, 'port = 54998');
    const migrations = join(folder, 'supabase', 'migrations');
    runCli(['migration', 'new', 'ext'], { cwd: folder, env, input: 'create extension if not exists no_such_extension;\n' });
    assert.ok(existsSync(migrations));
    const result = runCli(['start'], { cwd: folder, env });
    assert.equal(result.code, 1);
    assert.match(result.stderr, /no_such_extension/);
    runCli(['stop', '--no-backup'], { cwd: folder, env });
  });
});
