/**
 * The published postgres-meta generator, for comparisons: `@supabase/postgres-meta` 0.83.2 (a
 * devDependency; the nearest published version to the 0.77.2 image the original CLI runs, with
 * prettier pinned to 3.2.5 as both versions' lockfiles have it). It runs in a child process,
 * because its database module replaces pg's global type parsers.
 *
 * As a script: `node --import tsx postgres-meta-typegen.ts <url> <schemas,csv> <detect-one-to-one>`
 * prints the generated file.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const SELF = fileURLToPath(import.meta.url);

/** The file postgres-meta 0.83.2 generates for `schemas` of the database at `url`. */
export async function postgresMetaTypes(url: string, schemas: string[], detectOneToOne: boolean): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', SELF, url, schemas.join(','), String(detectOneToOne)], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

async function generate(url: string, schemas: string[], detectOneToOne: boolean): Promise<string> {
  const { PostgresMeta } = await import('@supabase/postgres-meta');
  const { getGeneratorMetadata } = await import('@supabase/postgres-meta/dist/lib/generators.js');
  const { apply } = await import('@supabase/postgres-meta/dist/server/templates/typescript.js');
  const meta = new PostgresMeta({ connectionString: url, max: 1 });
  const { data, error } = await getGeneratorMetadata(meta, { includedSchemas: schemas, excludedSchemas: [] });
  if (error) throw new Error(`postgres-meta: ${error.message}`);
  return apply({ ...data, detectOneToOneRelationships: detectOneToOne });
}

if (process.argv[1] === SELF) {
  const [url, schemas, detect] = process.argv.slice(2);
  process.stdout.write(await generate(url, schemas.split(','), detect === 'true'));
}
