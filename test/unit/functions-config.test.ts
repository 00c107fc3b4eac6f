/**
 * The rules `functions serve` and `deploy` share: JWT precedence, which import map applies, how an
 * import map is rewritten for the container, the functions env file, and the script size line.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { containerImportMap, pathHash } from '../../tasks/functions/container-paths.js';
import { loadFunctionsEnv } from '../../tasks/functions/functions-env.js';
import { importMapFor } from '../../tasks/functions/import-map-file.js';
import { servedFunctions, verifiesJwt } from '../../tasks/functions/served-functions.js';
import { humanSize } from '../../tasks/project/size.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import { initProject } from '../../tasks/project/init-project.js';
import type { ProjectConfig } from '../../tasks/project/config.types.js';
import { removeDir, tempDir } from '../integration/support/temp-project.js';

describe('functions: shared rules', () => {
  let root: string;
  let config: ProjectConfig;
  const write = async (relative: string, text: string) => {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), text);
  };

  before(async () => {
    root = await tempDir('functions-rules');
    await initProject(root);
    await write('supabase/config.toml', `project_id = "rules"\n[functions.open]\nverify_jwt = false\n[functions.mapped]\nimport_map = "maps/mapped.json"\n`);
    await write('supabase/maps/mapped.json', '{"imports":{}}');
    await write('supabase/functions/import_map.json', JSON.stringify({ imports: { 'shared/': './_shared/', lib: '../../lib/index.ts', zod: 'npm:zod@3', std: 'https://deno.land/std/mod.ts', gone: '../nowhere.ts' } }));
    await write('supabase/functions/_shared/a.ts', 'export {};');
    await write('lib/index.ts', 'export {};');
    for (const slug of ['open', 'mapped', 'plain', '_shared', '9bad']) await mkdir(path.join(root, 'supabase/functions', slug), { recursive: true });
    config = (await loadConfig(root, { env: {} })).config;
  });
  after(() => removeDir(root));

  it('JWT: the flag when given, then [functions.<slug>] verify_jwt, then on', () => {
    assert.equal(verifiesJwt(config, 'open', undefined), false);
    assert.equal(verifiesJwt(config, 'plain', undefined), true);
    assert.equal(verifiesJwt(config, 'open', false), true, '--no-verify-jwt=false turns the check back on');
    assert.equal(verifiesJwt(config, 'plain', true), false);
  });

  it('serves folders with valid slugs, each with the import map that applies', () => {
    const fallback = path.join(root, 'supabase/functions/import_map.json');
    const served = servedFunctions(root, config, { fallbackImportMap: fallback });
    assert.deepEqual(served.map((fn) => [fn.slug, fn.importMapSource, fn.verifyJwt]), [['mapped', 'config', true], ['open', 'fallback', false], ['plain', 'fallback', true]]);
    assert.equal(served[0]!.importMap, path.join(root, 'supabase/maps/mapped.json'));
    const flagged = servedFunctions(root, config, { flagImportMap: fallback, noVerifyJwt: true });
    assert.ok(flagged.every((fn) => fn.importMapSource === 'flag' && !fn.verifyJwt));
    assert.equal(importMapFor(root, config, 'mapped', undefined), path.join(root, 'supabase/maps/mapped.json'));
    assert.equal(importMapFor(root, config, 'plain', undefined), fallback);
    assert.throws(() => importMapFor(root, config, 'plain', 'supabase/maps'), /^TaskError: Importing directory is unsupported: .*supabase\/maps$/);
    assert.throws(() => importMapFor(root, config, 'plain', 'nope.json'), /^TaskError: Failed to read import map: .*nope\.json does not exist$/);
  });

  it('rewrites local import map entries to container paths: functions files in place, other files as mounted modules', () => {
    const mapped = containerImportMap(root, path.join(root, 'supabase/functions/import_map.json'));
    const lib = path.join(root, 'lib/index.ts');
    assert.deepEqual(JSON.parse(mapped.text).imports, {
      'shared/': '/home/deno/functions/_shared/',
      lib: `/home/deno/modules/${pathHash(lib)}.ts`,
      zod: 'npm:zod@3',
      std: 'https://deno.land/std/mod.ts',
      gone: '../nowhere.ts',
    });
    assert.deepEqual(mapped.modules, [{ host: lib, container: `/home/deno/modules/${pathHash(lib)}.ts` }]);
  });

  it('reads the functions env file and refuses SUPABASE_ names', async () => {
    assert.deepEqual(loadFunctionsEnv(root, undefined), { vars: {} });
    await write('supabase/functions/.env', 'A=1\nB="two words"\n');
    assert.deepEqual(loadFunctionsEnv(root, undefined).vars, { A: '1', B: 'two words' });
    await write('custom.env', 'SUPABASE_URL=x\n');
    assert.throws(() => loadFunctionsEnv(root, 'custom.env'), /^TaskError: Invalid env name: SUPABASE_URL\. Env names cannot start with SUPABASE_\.$/);
    assert.throws(() => loadFunctionsEnv(root, 'supabase'), /^TaskError: Failed to read env file: .* is a directory$/);
  });

  it('prints sizes as the original (decimal units, four significant digits)', () => {
    assert.deepEqual([530, 1568, 1000, 2_100_000, 999_960].map(humanSize), ['530B', '1.568kB', '1kB', '2.1MB', '1000kB']);
  });
});
