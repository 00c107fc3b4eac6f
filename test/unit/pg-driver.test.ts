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

describe('the pg driver (tasks/db/pg-driver.ts)', () => {
  it('loads pg without loading fetch, and leaves no navigator behind: from the sources and from the bundled build', () => {
    assert.deepEqual(afterImport(`${root}tasks/db/pg-driver.ts`, ['--import', 'tsx']), { navigator: 'undefined', undici: false });
    assert.deepEqual(afterImport(`${root}dist/tasks/db/pg-driver.js`), { navigator: 'undefined', undici: false });
  });

  it('is needed: pg imported plainly on this Node loads fetch', function () {
    if (Number(process.versions.node.split('.')[0]) >= 21) this.skip(); // Node 21+ has its own navigator.
    assert.equal(afterImport('pg').undici, true);
  });
});
