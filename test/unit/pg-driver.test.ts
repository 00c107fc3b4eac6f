import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** What a fresh Node process sees after importing `specifier`: its `navigator`, and whether fetch's client (undici) was loaded. */
function afterImport(specifier: string, nodeArgs: string[] = []): { navigator: string; undici: boolean } {
  const script = `await import(${JSON.stringify(specifier)}); console.log(JSON.stringify({ navigator: typeof navigator, undici: process.moduleLoadList.some((name) => name.includes('undici')) }));`;
  const run = spawnSync(process.execPath, [...nodeArgs, '--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as { navigator: string; undici: boolean };
}

/** The same, after the built CLI ran `args` (its bundle, dist/cli-script.js), and how it exited. */
function afterCli(args: string[]): { navigator: string; undici: boolean; exitCode: number; stderr: string } {
  const script = `process.argv = [process.execPath, 'supabase', ...${JSON.stringify(args)}];
process.on('exit', (code) => console.log(JSON.stringify({ navigator: typeof navigator, undici: process.moduleLoadList.some((name) => name.includes('undici')), exitCode: code })));
await import(${JSON.stringify(`${root}bin/supabase.js`)});`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  const seen = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { navigator: string; undici: boolean; exitCode: number };
  return { ...seen, stderr: run.stderr };
}

describe('the pg driver (tasks/db/pg-driver.ts)', () => {
  it('loads pg without loading fetch, and leaves no navigator behind: from the sources and from dist/ as tsc writes it', () => {
    assert.deepEqual(afterImport(`${root}tasks/db/pg-driver.ts`, ['--import', 'tsx']), { navigator: 'undefined', undici: false });
    assert.deepEqual(afterImport(`${root}dist/tasks/db/pg-driver.js`), { navigator: 'undefined', undici: false });
  });

  it('does the same inside the CLI bundle: a command that connects (here to a closed port) loads no fetch', () => {
    const { stderr, ...seen } = afterCli(['inspect', 'db', 'bloat', '--db-url', 'postgresql://postgres:postgres@127.0.0.1:1/postgres']);
    assert.match(stderr, /failed to connect to postgres: connect ECONNREFUSED/, 'the command tried to connect, so pg was loaded');
    assert.deepEqual(seen, { navigator: 'undefined', undici: false, exitCode: 1 });
  });

  it('is needed: pg imported plainly on this Node loads fetch', function () {
    if (Number(process.versions.node.split('.')[0]) >= 21) this.skip(); // Node 21+ has its own navigator.
    assert.equal(afterImport('pg').undici, true);
  });
});
