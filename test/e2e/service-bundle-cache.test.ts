/**
 * How the native stack's service processes load their bundles: `<entry>.cjs` compiles
 * `<entry>.script.js` with the V8 code cache `npm run build` wrote beside it
 * (scripts/bundle-services.js), so that `supabase start` does not parse the gateway's 1.7 MB afresh
 * on the CPUs PostgreSQL's start needs; without a cache, or with one V8 refuses, it compiles afresh
 * and runs all the same.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const ENTRIES = ['tasks/platform-api/platform-server-main', 'tasks/mail-catcher/mail-catcher-main', 'tasks/pg-net/pg-net-worker-main', 'tasks/api/gateway/api-gateway-main'];

/** Whether V8 refuses the code cache written beside `script` ('false' when it takes it). */
function cacheRefused(script: string): string {
  const check = `const vm = require('node:vm'); const fs = require('node:fs');
const script = new vm.Script(fs.readFileSync(${JSON.stringify(script)}, 'utf8'), { filename: ${JSON.stringify(script)}, cachedData: fs.readFileSync(${JSON.stringify(script.replace(/\.js$/, '.cache'))}) });
process.stdout.write(String(script.cachedDataRejected));`;
  return spawnSync(process.execPath, ['-e', check], { encoding: 'utf8' }).stdout;
}

describe('service bundles and their code caches (dist/tasks/**/<entry>.script.js)', () => {
  for (const entry of ENTRIES) {
    it(`${path.basename(entry)}: was written with a cache that V8 takes, and its .cjs loads that script`, () => {
      const script = path.join(dist, `${entry}.script.js`);
      assert.ok(existsSync(script), `${script} is missing: run npm run build`);
      assert.equal(cacheRefused(script), 'false');
      assert.ok(readFileSync(path.join(dist, `${entry}.cjs`), 'utf8').includes(JSON.stringify(path.basename(script))));
    });
  }

  describe('the gateway run from a copy of its files', () => {
    let copy: string;
    beforeEach(() => {
      copy = mkdtempSync(path.join(tmpdir(), 'service-bundle-'));
      for (const suffix of ['.cjs', '.script.js', '.script.cache']) {
        copyFileSync(path.join(dist, `tasks/api/gateway/api-gateway-main${suffix}`), path.join(copy, `api-gateway-main${suffix}`));
      }
    });
    afterEach(() => rmSync(copy, { recursive: true, force: true }));

    // Without its settings file the gateway's own code answers: one line, exit 1.
    const run = () => spawnSync(process.execPath, [path.join(copy, 'api-gateway-main.cjs')], { encoding: 'utf8', cwd: copy });

    it('runs with its cache, without it, and with a cache V8 refuses (another V8 or flags, or damaged)', () => {
      for (const cache of ['kept', 'damaged', 'absent']) {
        if (cache === 'damaged') writeFileSync(path.join(copy, 'api-gateway-main.script.cache'), 'not a code cache');
        if (cache === 'absent') rmSync(path.join(copy, 'api-gateway-main.script.cache'));
        const result = run();
        assert.equal(result.status, 1, `${cache}: ${result.stderr}`);
        assert.match(result.stdout, /failed to start: usage: api-gateway-main <settings file>\n$/, cache);
        assert.equal(result.stderr, '', cache);
      }
    });
  });
});
