/**
 * The migration history (supabase_migrations.schema_migrations) beside supabase/migrations: each
 * applied version with its name, how many statements it applied and the file it came from, or
 * that the file is missing on disk (what `db push` and `migration repair` then complain about);
 * files not applied yet are listed too, so the two sides are read at one glance.
 */
import { DataGrid, type Row } from '../components/data-grid';
import { listAppliedMigrations, listMigrationFiles } from './db-meta';
import { LoadState } from './load-state';
import { useLoaded } from './use-loaded';

const COLUMNS = [{ name: 'version' }, { name: 'name' }, { name: 'status' }, { name: 'statements' }, { name: 'file' }];

/** Applied versions and local files, merged by version. */
async function loadHistory(): Promise<{ rows: Row[]; skipped: string[] }> {
  const [applied, local] = await Promise.all([listAppliedMigrations(), listMigrationFiles()]);
  const files = new Map(local.files.map((file) => [file.version, file]));
  const rows: Row[] = applied.map((migration) => ({
    version: migration.version,
    name: migration.name,
    status: 'applied',
    statements: migration.statements,
    file: files.get(migration.version)?.file ?? 'missing on disk',
  }));
  const appliedVersions = new Set(applied.map((migration) => migration.version));
  for (const file of local.files) {
    if (!appliedVersions.has(file.version)) rows.push({ version: file.version, name: file.name, status: 'not applied', statements: null, file: file.file });
  }
  rows.sort((a, b) => String(a.version).localeCompare(String(b.version)));
  return { rows, skipped: local.skipped };
}

export function MigrationHistory() {
  const { data, error, loading } = useLoaded(loadHistory, []);
  return (
    <>
      <LoadState error={error} loading={loading} />
      {data && data.rows.length === 0 && <p className="hint">No migrations: make one with supabase migration new &lt;name&gt;, then apply it with supabase db reset or supabase migration up.</p>}
      {data && data.rows.length > 0 && <DataGrid label="Migration history" columns={COLUMNS} rows={data.rows} />}
      {data && data.skipped.length > 0 && <p className="notice">Skipped in supabase/migrations (not named &lt;timestamp&gt;_name.sql): {data.skipped.join(', ')}</p>}
    </>
  );
}
