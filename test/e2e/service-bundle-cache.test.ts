/**
 * How the native stack's service processes load their bundles: `<entry>.cjs` compiles
 * `<entry>.script.js` with the V8 code cache `npm run build` wrote beside it
 * (scripts/bundle-services.js), or one an earlier run trained (bin/cached-script.js), so that
 * `supabase start` does not parse the gateway's 1.7 MB afresh on the CPUs PostgreSQL's start needs;
 * without a cache, or with one V8 refuses, it compiles afresh and runs all the same.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const ENTRIES = ['tasks/local-platform-api/platform-server-main', 'tasks/mail-catcher/mail-catcher-main', 'tasks/pg-net/pg-net-worker-main', 'tasks/api/gateway/api-gateway-main'];

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
    let gateway: string;
    beforeEach(() => {
      copy = mkdtempSync(path.join(tmpdir(), 'service-bundle-'));
      // Laid out as in the package: the loader requires bin/cached-script.js by its relative path.
      gateway = path.join(copy, 'dist', 'tasks', 'api', 'gateway');
      mkdirSync(gateway, { recursive: true });
      mkdirSync(path.join(copy, 'bin'));
      copyFileSync(path.join(dist, '..', 'bin', 'cached-script.js'), path.join(copy, 'bin', 'cached-script.js'));
      for (const suffix of ['.cjs', '.script.js', '.script.cache']) {
        copyFileSync(path.join(dist, `tasks/api/gateway/api-gateway-main${suffix}`), path.join(gateway, `api-gateway-main${suffix}`));
      }
    });
    afterEach(() => rmSync(copy, { recursive: true, force: true }));

    // Without its settings file the gateway's own code answers: one line, exit 1. Its trained
    // cache goes to a cache folder of the copy's own.
    const run = () => spawnSync(process.execPath, [path.join(gateway, 'api-gateway-main.cjs')], { encoding: 'utf8', cwd: copy, env: { PATH: process.env.PATH, XDG_CACHE_HOME: path.join(copy, 'cache') } });

    it('runs with its cache, without it, and with a cache V8 refuses (another V8 or flags, or damaged)', () => {
      for (const cache of ['kept', 'damaged', 'absent']) {
        if (cache === 'damaged') writeFileSync(path.join(gateway, 'api-gateway-main.script.cache'), 'not a code cache');
        if (cache === 'absent') rmSync(path.join(gateway, 'api-gateway-main.script.cache'));
        // Each time without a trained cache: the build's (or none) is what is tried here.
        rmSync(path.join(copy, 'cache'), { recursive: true, force: true });
        const result = run();
        assert.equal(result.status, 1, `${cache}: ${result.stderr}`);
        assert.match(result.stdout, /failed to start: usage: api-gateway-main <settings file>\n$/, cache);
        assert.equal(result.stderr, '', cache);
      }
    });

    it('leaves a cache its run trained in the user cache folder, and runs from it next time', () => {
      for (let time = 0; time < 2; time++) {
        const result = run();
        assert.equal(result.status, 1, result.stderr);
        assert.match(result.stdout, /failed to start: usage: api-gateway-main <settings file>\n$/);
        assert.equal(result.stderr, '');
        assert.deepEqual(readdirSync(path.join(copy, 'cache', 'supabase-cli-ts', 'code-cache')).map((name) => name.replace(/-[0-9a-f]{16}-[0-9a-f]{16}\./, '-*.')), ['api-gateway-main.script-*.v8cache']);
      }
    });
  });
});
