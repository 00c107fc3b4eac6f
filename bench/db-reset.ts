/**
 * Database workflow figures: `db reset` of the demo project on the native runtime (budget under
 * 1 s), and applying a set of migration files with our runner next to `psql -f` of the same files
 * (budget within 1.2x). Run with `npx tsx bench/db-reset.ts`. It prints; it never fails a build.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { withDatabase, withUrl } from '../tasks/db/connect.js';
import { listMigrations } from '../tasks/db/migration-files.js';
import { applyMigrations } from '../tasks/db/migration-runner.js';
import { pgTool } from '../tasks/db/dump-run.js';
import { cloneTemplate, ensureTemplateDatabase } from '../tasks/db/template-database.js';
import { startProject } from '../test/integration/support/db-project.js';
import { median, report } from './measure.js';

const RUNS = 5;

/** 20 files of 40 statements each: tables, indexes, a function, inserts. */
async function writeSyntheticMigrations(dir: string): Promise<void> {
  for (let file = 0; file < 20; file++) {
    const lines: string[] = [];
    for (let t = 0; t < 10; t++) {
      const name = `public.t_${file}_${t}`;
      lines.push(`create table ${name} (id bigint generated always as identity primary key, label text not null, created_at timestamptz default now());`);
      lines.push(`create index on ${name} (label);`);
      lines.push(`create function public.f_${file}_${t}() returns bigint language sql as $$ select count(*) from ${name} $$;`);
      lines.push(`insert into ${name} (label) values ('a'), ('b'), ('c');`);
    }
    await writeFile(path.join(dir, `2024010100${String(file).padStart(4, '0')}_synthetic_${file}.sql`), `${lines.join('\n')}\n`);
  }
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const demo = await startProject({ demo: true });
const scratch = await mkdtemp(path.join(os.tmpdir(), 'bench-migrations-'));
try {
  await demo.cli(['db', 'reset']);
  const resets: number[] = [];
  for (let run = 0; run < RUNS; run++) resets.push(await time(() => demo.cli(['db', 'reset'])));
  report('db reset, demo project (in-process)', median(resets), 'ms', '< 1000 ms');

  await mkdir(path.join(scratch, 'supabase', 'migrations'), { recursive: true });
  await writeSyntheticMigrations(path.join(scratch, 'supabase', 'migrations'));
  const { migrations } = await listMigrations(scratch);
  const admin = withDatabase(demo.url, 'template1');
  await ensureTemplateDatabase(admin);
  const psql = await pgTool('psql');
  const ours: number[] = [];
  const theirs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const side of ['ours', 'psql'] as const) {
      const name = `bench_${side}_${run}`;
      await withUrl(admin, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cloneTemplate(client, name);
      });
      const url = withDatabase(demo.url, name);
      if (side === 'ours') {
        ours.push(await time(() => withUrl(url, async (client) => {
          const result = await applyMigrations(client, migrations);
          if (result.failed) throw result.failed.error;
        })));
      } else {
        theirs.push(await time(async () => {
          for (const file of migrations) {
            const result = spawnSync(psql, ['-X', '-q', '-1', '-v', 'ON_ERROR_STOP=1', '-d', url, '-f', file.path], { stdio: 'ignore' });
            if (result.status !== 0) throw new Error(`psql failed on ${file.file}`);
          }
        }));
      }
      await withUrl(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  }
  report(`apply ${migrations.length} migrations (800 statements), our runner`, median(ours), 'ms');
  report(`apply ${migrations.length} migrations, psql -1 -f per file`, median(theirs), 'ms');
  report('runner / psql', median(ours) / median(theirs), 'x', '<= 1.2x');
} finally {
  await demo.dispose();
  await rm(scratch, { recursive: true, force: true });
}
