/**
 * `gen types typescript` against a real PostgreSQL 15 (the native runtime): the generated file
 * has postgres-meta's layout, compiles under `tsc --strict` with a typed supabase-js client, and
 * the command's flag errors read as the original's.
 */
import assert from 'node:assert/strict';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { initProject } from '../../tasks/project/init-project.js';
import { loadConfig } from '../../tasks/project/config-load.js';
import { nativeRuntime } from '../../tasks/native/native-runtime.js';
import { runMain } from '../helpers/run-cli.js';
import { typecheckGenerated } from '../helpers/typecheck-generated.js';
import { freePort, nativeTestEnv, removeDir, tempDir } from './support/temp-project.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/typegen/', import.meta.url));

describe('gen types typescript', function () {
  this.timeout(180_000);
  let env: NodeJS.ProcessEnv;
  let root: string;
  let projectId: string;
  let dbUrl: string;
  let output: string;
  const folders: string[] = [];

  before(async () => {
    env = await nativeTestEnv();
    root = await tempDir('typegen');
    folders.push(root);
    await initProject(root);
    await mkdir(path.join(root, 'supabase/migrations'), { recursive: true });
    await copyFile(path.join(FIXTURES, 'schema.sql'), path.join(root, 'supabase/migrations/20240101000000_schema.sql'));
    const { config } = await loadConfig(root, { env });
    config.db.port = await freePort();
    // The CLI reads the port from config.toml, so the free port must be written there too.
    const tomlPath = path.join(root, 'supabase/config.toml');
    await writeFile(tomlPath, (await readFile(tomlPath, 'utf8')).replace(/^port = 54322$/m, `port = ${config.db.port}`));
    projectId = config.project_id;
    await nativeRuntime.start({ root, config }, { env });
    dbUrl = `postgresql://postgres:postgres@127.0.0.1:${config.db.port}/postgres`;
  });
  after(async () => {
    if (projectId) await nativeRuntime.destroyData(projectId, { env }).catch(() => undefined);
    await Promise.all(folders.map(removeDir));
  });

  it('generates the public schema from --db-url', async () => {
    const result = await runMain(['gen', 'types', 'typescript', '--db-url', dbUrl], { cwd: root, env });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stderr, 'Connecting to 127.0.0.1\n');
    output = result.stdout;
    assert.ok(output.startsWith('export type Json =\n  | string\n'));
    assert.match(output, /^export type Database = \{\n {2}public: \{\n {4}Tables: \{\n {6}profiles: \{/m);
    assert.ok(!output.includes('other:'), 'only public by default for --db-url');
  });

  it('writes rows, inserts and updates with identity, generated, default and nullable columns', () => {
    const todos = section(output, '      todos: {', '\n      }\n');
    assert.match(todos, /Row: \{\n {10}created_at: string\n {10}done: boolean\n {10}id: number\n {10}owner: string \| null\n/);
    assert.match(todos, /"weird name": number \| null/);
    assert.match(todos, /task_length: number \| null\n {8}\}/, 'computed field in Row');
    assert.match(todos, /Insert: \{\n {10}created_at\?: string\n {10}done\?: boolean\n {10}id\?: never\n {10}owner\?: string \| null\n {10}score\?: number \| null\n {10}seq\?: number\n {10}task: string\n {10}task_upper\?: string \| null\n/, "generated columns are optional and nullable");
    assert.match(todos, /Update: \{[^}]*id\?: never[^}]*task\?: string\n/);
    const users = section(output, '      users: {', '\n      }\n');
    assert.match(users, /email: string\n/, 'domain mapped to its base type');
    assert.match(users, /home: Database\["public"\]\["CompositeTypes"\]\["address"\] \| null/);
    assert.match(users, /level: "low" \| "high" \| null/, 'enum of a schema left out is spelled out');
    assert.match(users, /mood: Database\["public"\]\["Enums"\]\["mood"\] \| null/);
    assert.match(users, /moods: Database\["public"\]\["Enums"\]\["mood"\]\[\] \| null/);
    assert.match(users, /profile: Json \| null\n {10}ratio: number \| null\n {10}tags: string\[\]\n/);
  });

  it('writes relationships with isOneToOne', () => {
    assert.match(output, /Relationships: \[\n {10}\{\n {12}foreignKeyName: "profiles_user_id_fkey"\n {12}columns: \["user_id"\]\n {12}isOneToOne: true\n {12}referencedRelation: "users"\n {12}referencedColumns: \["id"\]\n {10}\},\n {8}\]/);
    assert.match(output, /foreignKeyName: "todos_owner_fkey"\n {12}columns: \["owner"\]\n {12}isOneToOne: false\n/);
  });

  it('writes views, updatable ones with Insert and Update, and materialized views', () => {
    const views = section(output, '    Views: {', '\n    Functions: {');
    assert.match(views, /open_todos: \{\n {8}Row: \{\n {10}id: number \| null\n {10}owner: string \| null\n {10}task: string \| null\n {8}\}\n {8}Insert: \{\n {10}id\?: number \| null/);
    assert.match(views, /todo_counts: \{\n {8}Row: \{\n {10}total: number \| null\n {8}\}\n {8}Relationships: \[\]\n/);
    // The view passes todos.owner through, so the key from todos to users links it too.
    assert.match(views, /todo_stats: \{\n {8}Row: \{\n {10}n: number \| null\n {10}owner: string \| null\n {8}\}\n {8}Relationships: \[\n {10}\{\n {12}foreignKeyName: "todos_owner_fkey"\n {12}columns: \["owner"\]\n {12}isOneToOne: false\n {12}referencedRelation: "users"\n/);
  });

  it('writes functions: overloads, defaults, sets, tables, void; skips triggers and unnamed pairs', () => {
    const functions = section(output, '    Functions: {', '\n    Enums: {');
    assert.match(functions, /add:\n {8}\| \{\n {12}Args: \{\n {14}a: number\n {14}b\?: number\n {12}\}\n {12}Returns: number\n {10}\}\n {8}\| \{\n {12}Args: \{\n {14}a: string\n {12}\}\n {12}Returns: number\n {10}\}\n/);
    assert.match(functions, /all_moods: \{\n {8}Args: Record<PropertyKey, never>\n {8}Returns: Database\["public"\]\["Enums"\]\["mood"\]\[\]\n/);
    assert.match(functions, /ping: \{\n {8}Args: Record<PropertyKey, never>\n {8}Returns: undefined\n/);
    assert.match(functions, /todo_summary: \{\n {8}Args: Record<PropertyKey, never>\n {8}Returns: \{\n {10}id: number\n {10}task: string\n {8}\}\[\]\n/);
    assert.match(functions, /todos_by_owner: \{\n {8}Args: \{\n {10}uid: string\n {8}\}\n {8}Returns: \{\n {10}created_at: string\n/);
    assert.match(functions, /task_length: \{\n {8}Args: \{\n {10}"": unknown\n {8}\}/);
    assert.ok(!functions.includes('two_unnamed') && !functions.includes('touch'));
  });

  it('writes enums, long ones one value a line, and composite types', () => {
    assert.match(output, /Enums: \{\n {6}long_enum:\n {8}\| "alpha_value_one"\n {8}\| "beta_value_two"\n {8}\| "gamma_value_three"\n {8}\| "delta_value_four"\n {6}mood: "happy" \| "sad" \| "so so"\n {4}\}/);
    assert.match(output, /CompositeTypes: \{\n {6}address: \{\n {8}street: string\n {8}zip: number\n {6}\}\n {4}\}/);
  });

  it('ends with the helper types', () => {
    assert.match(output, /\n\nexport type Tables<\n {2}PublicTableNameOrOptions extends\n/);
    // postgres-meta's console.log leaves a blank line after the last helper.
    assert.match(output, /\n\nexport type Enums<[\s\S]*\n {4}: never\n\n$/);
  });

  it('compiles under tsc --strict with a typed supabase-js client', async () => {
    assert.equal(await compile(output, true), '');
  });

  it('defaults --local to public plus the API schemas of config.toml, and that compiles too', async () => {
    const result = await runMain(['gen', 'types', 'typescript', '--local'], { cwd: root, env });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^ {2}public: \{$/m);
    assert.match(result.stdout, /^ {2}storage: \{\n {4}Tables: \{\n {6}buckets: \{/m);
    assert.equal(await compile(result.stdout, false), '');
  });

  const compile = (types: string, withUsage: boolean) => typecheckGenerated(types, withUsage ? path.join(FIXTURES, 'usage.ts.txt') : undefined);

  it('includes the schemas given with --schema (repeatable) and --local reads config.toml', async () => {
    const result = await runMain(['gen', 'types', 'typescript', '--local', '--schema', 'other', '--schema', 'public'], { cwd: root, env });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /^export type Database = \{\n {2}other: \{[\s\S]*\n {2}public: \{/m);
    assert.match(result.stdout, /level: Database\["other"\]\["Enums"\]\["level"\] \| null/);
    assert.match(result.stdout, /things: \{[\s\S]*foreignKeyName: "things_todo_id_fkey"[\s\S]*referencedRelation: "todos"/);
  });

  it('leaves out isOneToOne with --postgrest-v9-compat', async () => {
    const result = await runMain(['gen', 'types', 'typescript', '--db-url', dbUrl, '--postgrest-v9-compat'], { cwd: root, env });
    assert.equal(result.code, 0, result.stderr);
    assert.ok(!result.stdout.includes('isOneToOne'));
    assert.match(result.stdout, /columns: \["user_id"\]\n {12}referencedRelation: "users"/);
  });

  describe('errors', () => {
    it('needs a source', async () => {
      const result = await runMain(['gen', 'types', 'typescript'], { cwd: root, env });
      assert.equal(result.code, 1);
      assert.match(result.stderr, /Must specify one of --local, --linked, --project-id, or --db-url/);
    });

    it('allows --postgrest-v9-compat only with --db-url', async () => {
      const result = await runMain(['gen', 'types', 'typescript', '--local', '--postgrest-v9-compat'], { cwd: root, env });
      assert.equal(result.code, 1);
      assert.match(result.stderr, /--postgrest-v9-compat can only be used together with --db-url\./);
    });

    it('the hosted route needs a link or a valid ref (the types route itself: test/unit/platform-link.test.ts)', async () => {
      const linked = await runMain(['gen', 'types', 'typescript', '--linked'], { cwd: root, env });
      assert.equal(linked.code, 1);
      assert.equal(linked.stderr.split('\n')[0], 'Cannot find project ref. Have you run supabase link?');
      const bad = await runMain(['gen', 'types', 'typescript', '--project-id', 'nope'], { cwd: root, env });
      assert.equal(bad.code, 1);
      assert.equal(bad.stderr.split('\n')[0], 'Invalid project ref format. Must be like `abcdefghijklmnopqrst`.');
    });

    it('rejects a connection string that is not percent-encoded', async () => {
      const result = await runMain(['gen', 'types', 'typescript', '--db-url', 'postgresql://postgres:p@ss@localhost:5432/postgres'], { cwd: root, env });
      assert.equal(result.code, 1);
      assert.match(result.stderr, /URL is not a valid Supabase connection string: /);
    });
  });
});

/** The text from `start` up to and including the first `end` after it. */
function section(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  assert.ok(from >= 0, `missing ${start}`);
  const to = text.indexOf(end, from);
  return text.slice(from, to < 0 ? undefined : to + end.length);
}
