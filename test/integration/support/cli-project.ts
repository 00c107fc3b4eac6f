/**
 * Test support for suites that drive the CLI as real processes (bin/supabase.js, the build in
 * dist/) against one native project: made with `supabase init`, given free ports, with numbered
 * migrations that each create one table, so that "the database matches its migration history"
 * is a query: a migration's table exists exactly when its history row does.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { BIN } from '../../helpers/run-cli.js';
import { JournalStore } from '../../../tasks/journal/journal-store.js';
import { unsettledOperations } from '../../../tasks/orchestration/pending-operations.js';
import { freePort, nativeTestEnv, pgMetaPortEnv, tempDir, withFreeServicePorts } from './temp-project.js';

/** The migrations every project starts with: version -> the table it creates. */
export const MIGRATIONS: ReadonlyArray<{ version: string; table: string }> = [
  { version: '20240101000000', table: 'one' },
  { version: '20240102000000', table: 'two' },
];

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliProject {
  root: string;
  port: number;
  env: NodeJS.ProcessEnv;
  url: string;
  /** Runs `supabase <args>` to completion; `extra` adds environment (SUPABASE_INTERNAL_FAULT ...). */
  run: (args: string[], extra?: NodeJS.ProcessEnv) => CliRun;
  /** Starts `supabase <args>` in the background. */
  spawn: (args: string[], extra?: NodeJS.ProcessEnv) => ReturnType<typeof spawn>;
  /** Writes the standard migrations again (after a squash changed them). */
  writeMigrations: () => void;
  /** Stops the stack, deletes its data and the folder. */
  dispose: () => void;
}

/**
 * A new project on free ports with the standard migrations and a seed row in table `one`.
 * `sleepSeconds` ends each migration and the seed with a pg_sleep of that long, so that a test
 * watching the server sees each of them running.
 */
export async function cliProject(prefix: string, sleepSeconds = 0): Promise<CliProject> {
  const sleep = sleepSeconds > 0 ? `select pg_sleep(${sleepSeconds});\n` : '';
  const root = await tempDir(prefix);
  const env = { ...(await nativeTestEnv()), ...(await pgMetaPortEnv()), SUPABASE_RUNTIME: 'native', SUPABASE_DEBUG: '', SUPABASE_TICKET_DIR: path.join(root, '..', `${path.basename(root)}-tickets`) };
  const run = (args: string[], extra: NodeJS.ProcessEnv = {}): CliRun => {
    const result: SpawnSyncReturns<string> = spawnSync(process.execPath, [BIN, ...args], { cwd: root, env: { ...env, ...extra }, input: '', encoding: 'utf8', timeout: 120_000 });
    return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
  };
  const init = run(['init']);
  if (init.code !== 0) throw new Error(`supabase init failed: ${init.stderr}`);
  const port = await freePort();
  const config = path.join(root, 'supabase', 'config.toml');
  writeFileSync(config, await withFreeServicePorts(readFileSync(config, 'utf8').replace(/^port = 54322$/m, `port = ${port}`)));
  const migrations = path.join(root, 'supabase', 'migrations');
  const writeMigrations = () => {
    rmSync(migrations, { recursive: true, force: true });
    mkdirSync(migrations, { recursive: true });
    for (const { version, table } of MIGRATIONS) writeFileSync(path.join(migrations, `${version}_${table}.sql`), `create table public.${table} (id int primary key);\n${sleep}`);
  };
  writeMigrations();
  writeFileSync(path.join(root, 'supabase', 'seed.sql'), `insert into public.one values (1);\n${sleep}`);
  return {
    root,
    port,
    env,
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`,
    run,
    spawn: (args, extra = {}) => spawn(process.execPath, [BIN, ...args], { cwd: root, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] }),
    writeMigrations,
    dispose: () => {
      run(['stop', '--no-backup']);
      rmSync(root, { recursive: true, force: true });
      rmSync(env.SUPABASE_TICKET_DIR!, { recursive: true, force: true });
    },
  };
}

/** What the database holds: its history rows, and which migration tables exist. */
export async function databaseState(url: string): Promise<{ history: string[]; tables: string[]; pgtap: boolean; seeded: boolean }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const history = await client.query<{ version: string }>("select version from supabase_migrations.schema_migrations order by version").catch(() => ({ rows: [] }));
    const tables = await client.query<{ name: string }>("select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by 1");
    const pgtap = await client.query("select 1 from pg_extension where extname = 'pgtap'");
    const seeded = tables.rows.some((row) => row.name === 'one') && ((await client.query('select count(*)::int as n from public.one')).rows[0].n as number) > 0;
    return { history: history.rows.map((row) => row.version), tables: tables.rows.map((row) => row.name), pgtap: (pgtap.rowCount ?? 0) > 0, seeded };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Versions whose table and history row disagree: applied without a row, or a row without its table. */
export function halfApplied(state: { history: string[]; tables: string[] }): string[] {
  return MIGRATIONS.filter(({ version, table }) => state.history.includes(version) !== state.tables.includes(table)).map(({ version }) => version);
}

/** Operations the journal still shows as unfinished (none once a command reconciled). */
export function unsettled(root: string): string[] {
  return unsettledOperations(JournalStore.forProject(root));
}

/** The migration files now in the project. */
export function migrationFiles(root: string): string[] {
  return readdirSync(path.join(root, 'supabase', 'migrations')).sort();
}
