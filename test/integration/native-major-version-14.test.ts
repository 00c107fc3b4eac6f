/**
 * A project whose config.toml still says `major_version = 14` (Supabase's own examples and many
 * real projects do) starts on the native runtime, which runs PostgreSQL 15, with a notice saying
 * so, instead of refusing to start.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { initProject } from '../../tasks/project/init-project.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import { nativeRuntime } from '../../tasks/native/native-runtime.js';
import { withConnection } from '../../tasks/db/connect.js';
import { freePort, nativeTestEnv, removeDir, tempDir } from './support/temp-project.js';

describe('native runtime with [db] major_version = 14', function () {
  this.timeout(120_000);
  let env: NodeJS.ProcessEnv;
  let root: string;
  let projectId: string | undefined;

  before(async () => {
    env = await nativeTestEnv();
    root = await tempDir('pg14');
  });
  after(async () => {
    if (projectId) await nativeRuntime.destroyData(projectId, { env }).catch(() => undefined);
    await removeDir(root);
  });

  it('starts on PostgreSQL 15, applies the migrations and says which version runs', async () => {
    await initProject(root);
    const configPath = path.join(root, 'supabase', 'config.toml');
    await writeFile(configPath, (await readFile(configPath, 'utf8')).replace('major_version = 15', 'major_version = 14'));
    await mkdir(path.join(root, 'supabase', 'migrations'), { recursive: true });
    await writeFile(path.join(root, 'supabase', 'migrations', '20240101000000_notes.sql'), 'create table public.notes (id bigint primary key, owner uuid references auth.users default auth.uid());\n');
    const { config } = await loadConfig(root, { env });
    assert.equal(config.db.major_version, 14);
    config.db.port = await freePort();
    projectId = config.project_id;

    const notices: string[] = [];
    const result = await nativeRuntime.start({ root, config }, { env, reporter: { notice: (m) => void notices.push(m) } });

    assert.deepEqual(result.migrations?.applied, ['20240101000000_notes.sql']);
    assert.ok(
      notices.some((n) => n.includes('major_version is 14') && n.includes('PostgreSQL 15')),
      `expected a notice naming both versions, got: ${JSON.stringify(notices)}`,
    );
    const version = await withConnection({ port: config.db.port }, async (client) => (await client.query<{ v: string }>("select current_setting('server_version_num') as v")).rows[0].v);
    assert.match(version, /^15/);
  });
});
