/**
 * The native runtime's overlay installation (pg-overlay.ts) follows the system's extension folder:
 * an extension package installed after a project's first start is there at its next start, and
 * one removed since is gone rather than served as a dangling file. The package is a fake one (a
 * control file and a SQL script) written into the system's folder for the test and removed in
 * after(), whatever happened.
 */
import assert from 'node:assert/strict';
import { access, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { initProject } from '../../tasks/project/init-project.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import type { ProjectConfig } from '../../tasks/project/config.types.js';
import { nativeRuntime } from '../../tasks/native/native-runtime.js';
import { SYSTEM_PG15 } from '../../tasks/native/pg-binaries.js';
import { withConnection } from '../../tasks/db/connect.js';
import { freePort, nativeTestEnv, removeDir, tempDir } from './support/temp-project.js';

describe('native overlay and extensions installed on the system later', function () {
  this.timeout(180_000);
  const name = `overlay_probe_${process.pid}`;
  const folder = path.join(SYSTEM_PG15.share, 'extension');
  const files = [path.join(folder, `${name}.control`), path.join(folder, `${name}--1.0.sql`)];
  let env: NodeJS.ProcessEnv;
  let root: string;
  let config: ProjectConfig;

  const restart = async () => {
    await nativeRuntime.stop(config.project_id, { env });
    await nativeRuntime.start({ root, config }, { env });
  };
  const available = () =>
    withConnection({ port: config.db.port }, async (client) => (await client.query('select 1 from pg_available_extensions where name = $1', [name])).rowCount === 1);

  before(async function () {
    try {
      await access(path.join(SYSTEM_PG15.bin, 'postgres'));
    } catch {
      this.skip();
    }
    env = await nativeTestEnv({ SUPABASE_NATIVE_POSTGRES: 'system' });
    root = await tempDir('overlay-system');
    await initProject(root);
    ({ config } = await loadConfig(root, { env }));
    config.db.port = await freePort();
    await nativeRuntime.start({ root, config }, { env });
  });
  after(async () => {
    await Promise.all(files.map((file) => rm(file, { force: true })));
    if (config) await nativeRuntime.destroyData(config.project_id, { env }).catch(() => undefined);
    if (root) await removeDir(root);
  });

  it('an extension installed after the first start can be created at the next start', async () => {
    assert.equal(await available(), false);
    await writeFile(files[0], "comment = 'a package installed after the first start'\ndefault_version = '1.0'\nrelocatable = true\n");
    await writeFile(files[1], `create function ${name}() returns text language sql as $$ select 'installed later' $$;\n`);
    await restart();
    const answer = await withConnection({ port: config.db.port }, async (client) => {
      await client.query(`create extension ${name}`);
      return (await client.query<{ answer: string }>(`select ${name}() as answer`)).rows[0].answer;
    });
    assert.equal(answer, 'installed later');
  });

  it('once the package is removed, the next start no longer lists it', async () => {
    await withConnection({ port: config.db.port }, (client) => client.query(`drop extension ${name}`));
    await Promise.all(files.map((file) => rm(file, { force: true })));
    await restart();
    // A dangling link in the overlay would fail this query outright ("could not open extension control file").
    assert.equal(await available(), false);
  });
});
