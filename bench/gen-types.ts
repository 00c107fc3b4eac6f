/**
 * `gen types typescript` generation time (connect, read the catalogue, render) for schemas of
 * 100 and 1,000 tables on a native PostgreSQL 15, and the whole command as a process (Node
 * start, module loading included; needs `npm run build`). Budget: under 300 ms for 100 tables.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withConnection } from '../tasks/db/connect.js';
import { nativeRuntime } from '../tasks/native/native-runtime.js';
import { freePort } from '../tasks/native/port-check.js';
import { initProject } from '../tasks/project/init-project.js';
import { loadConfig } from '../tasks/project/config-load.js';
import { generateTypescript } from '../tasks/typegen/generate-typescript.js';
import { median, medianOf, report, timeCommand } from './measure.js';

const BIN = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));

const runs = Number(process.env.BENCH_RUNS ?? 5);
const root = await mkdtemp(path.join(os.tmpdir(), 'bench-typegen-'));
const env = process.env;
await initProject(root);
const { config } = await loadConfig(root, { env });
config.db.port = await freePort();
try {
  await nativeRuntime.start({ root, config }, { env });
  const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${config.db.port}/postgres`;
  for (const count of [100, 1000]) {
    const schema = `bench_${count}`;
    await withConnection({ port: config.db.port }, async (client) => {
      // Each table has a mix of column kinds and a foreign key to the previous one.
      const tables = Array.from({ length: count }, (_, i) => `create table ${schema}.t${i} (
        id bigint generated always as identity primary key, name text not null, note varchar(50),
        score numeric default 0, data jsonb, tags text[], created_at timestamptz not null default now()
        ${i > 0 ? `, parent_id bigint references ${schema}.t${i - 1} (id)` : ''});`);
      await client.query(`create schema ${schema};\n${tables.join('\n')}`);
    });
    const times: number[] = [];
    for (let run = 0; run <= runs; run++) {
      const start = process.hrtime.bigint();
      await generateTypescript({ dbUrl, schemas: [schema], detectOneToOneRelationships: true });
      // The first run warms up the connection path and the catalogue caches; it is not counted.
      if (run > 0) times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    report(`gen types typescript, ${count} tables`, median(times), 'ms', count === 100 ? '300 ms' : undefined);
    if (count === 100) {
      const command = medianOf(runs, () => timeCommand(process.execPath, [BIN, 'gen', 'types', 'typescript', '--db-url', dbUrl, '--schema', schema]));
      report(`  the command as a process, ${count} tables`, command, 'ms');
    }
  }
} finally {
  await nativeRuntime.destroyData(config.project_id, { env }).catch(() => undefined);
  await rm(root, { recursive: true, force: true });
}
