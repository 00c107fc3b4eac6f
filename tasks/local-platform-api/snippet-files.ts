/**
 * The SQL editor's saved queries: plain files in the project's `supabase/snippets/`, one
 * `<name>.sql` each, so a user can read, diff and commit them like migrations.
 */
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A snippet name: letters, digits, spaces, `_`, `-` and `.`, starting with a letter or digit. No
 * slash can appear, so a name never leaves the folder.
 */
export const SNIPPET_NAME = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,99}$/;

/** The one line a refused name gets. */
export const SNIPPET_NAME_RULE = 'a snippet name uses letters, digits, spaces, "_", "-" and "." (up to 100, starting with a letter or digit)';

/** One saved query. */
export interface Snippet {
  name: string;
  sql: string;
}

const folderOf = (projectRoot: string) => path.join(projectRoot, 'supabase', 'snippets');

/** The name without a `.sql` the user may have typed. */
export function snippetName(raw: string): string {
  return raw.trim().replace(/\.sql$/i, '');
}

/** The saved snippets, by name; none when the folder does not exist yet. */
export async function listSnippets(projectRoot: string): Promise<Snippet[]> {
  const folder = folderOf(projectRoot);
  const files = (await readdir(folder).catch(() => [] as string[])).filter((file) => file.endsWith('.sql')).sort();
  return Promise.all(files.map(async (file) => ({ name: file.slice(0, -4), sql: await readFile(path.join(folder, file), 'utf8') })));
}

/**
 * Writes `<name>.sql` whole or not at all (a temporary file renamed over it), so an editor or
 * git never sees half a query. Returns the file's path relative to the project.
 */
export async function saveSnippet(projectRoot: string, snippet: Snippet): Promise<string> {
  const folder = folderOf(projectRoot);
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `${snippet.name}.sql`);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, snippet.sql.endsWith('\n') ? snippet.sql : `${snippet.sql}\n`);
  await rename(temporary, file);
  return path.relative(projectRoot, file);
}
