/**
 * The bad-input catalogue: flags, names, paths, config, connection strings, ports and files of
 * the wrong kind, each run as a real CLI process. Every case must end with its exit code (1, or 2
 * for usage), one line saying what is wrong (then at most one line saying what to do), no stack
 * trace and no crash report, and no file created or changed anywhere it should not be.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BIN } from '../helpers/run-cli.js';
import { freePort } from '../../tasks/native/port-check.js';
import { cliProject, type CliProject } from '../integration/support/cli-project.js';

interface Case {
  name: string;
  args: string[];
  code: 1 | 2;
  /** The one line that says what is wrong. */
  message: RegExp;
  /** The line after it, when the fix itself is part of what is checked. */
  fix?: RegExp;
  /** Makes the bad thing (in the project unless `where` says otherwise); undone by `undo`. */
  setup?: (root: string) => void | Promise<void>;
  undo?: (root: string) => void | Promise<void>;
  /** Runs somewhere else than the running project (a folder of its own). */
  where?: 'empty' | 'fresh';
  /** Must not appear anywhere in the output (a password). */
  secret?: string;
  /** Paths (relative to the folder the command runs in) that must not exist afterwards. */
  absent?: string[];
}

/** Progress lines a command may print before it finds the problem. */
const PROGRESS = /^(Connecting to (local|remote) database\.\.\.|Dumping (schemas|data|roles) from remote database\.\.\.|Resetting (local|remote) database\.\.\.|Recreating database\.\.\.|Starting database( from backup)?\.\.\.|Setting up initial schema\.\.\.|Applying migration .*|Seeding data .*|Creating custom roles .*|Initialising .*|)$/;

const CONFIG = 'supabase/config.toml';
const replaceInConfig = (from: RegExp, to: string) => (root: string) => {
  const file = path.join(root, CONFIG);
  writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));
};
const makeFolder = (relative: string) => (root: string) => {
  rmSync(path.join(root, relative), { recursive: true, force: true });
  mkdirSync(path.join(root, relative), { recursive: true });
};
const makeFile = (relative: string) => (root: string) => {
  rmSync(path.join(root, relative), { recursive: true, force: true });
  writeFileSync(path.join(root, relative), 'not what it should be\n');
};
const remove = (relative: string) => (root: string) => rmSync(path.join(root, relative), { recursive: true, force: true });

let restoreMigrations: (root: string) => void = () => undefined;
let listener: Server | undefined;
let busyPort = 0;

const cases: Case[] = [
  // The command line itself: usage errors, exit 2.
  { name: 'an unknown flag', args: ['start', '--nope'], code: 2, message: /^unknown flag: --nope$/ },
  { name: 'an unknown command', args: ['nope'], code: 2, message: /^unknown command "nope" for "supabase"$/ },
  { name: 'an unknown subcommand', args: ['db', 'nope'], code: 2, message: /^unknown command "nope" for "supabase db"$/ },
  { name: 'an unknown inspect report', args: ['inspect', 'db', 'nope'], code: 2, message: /^unknown command "nope" for "supabase inspect db"$/ },
  { name: 'an output format that does not exist', args: ['status', '-o', 'xml'], code: 2, message: /^invalid argument "xml" for "-o, --output" flag: must be one of/ },
  { name: 'an events format that does not exist', args: ['events', '-o', 'yaml'], code: 2, message: /^invalid argument "yaml" for "-o, --output" flag/ },
  { name: 'a required flag left out', args: ['migration', 'repair', '20240101000000'], code: 2, message: /^required flag\(s\) "status" not set$/ },
  { name: 'a repair status that does not exist', args: ['migration', 'repair', '--status', 'maybe', '20240101000000'], code: 2, message: /^invalid argument "maybe" for "--status" flag: must be one of \[ applied \| reverted \]$/ },
  { name: 'two database targets at once', args: ['db', 'push', '--local', '--db-url', 'postgresql://postgres@localhost/postgres'], code: 2, message: /^if any flags in the group \[db-url linked local\] are set none of the others can be/ },
  { name: 'two type sources at once', args: ['gen', 'types', 'typescript', '--local', '--db-url', 'postgresql://postgres@localhost/postgres'], code: 2, message: /none of the others can be/ },
  { name: 'a migration name left out', args: ['migration', 'new'], code: 2, message: /^accepts 1 arg\(s\), received 0$/ },
  { name: 'two migration names', args: ['migration', 'new', 'a', 'b'], code: 2, message: /^accepts 1 arg\(s\), received 2$/ },
  { name: 'a test name left out', args: ['test', 'new'], code: 2, message: /^accepts 1 arg\(s\), received 0$/ },
  { name: '--use-copy without --data-only', args: ['db', 'dump', '--use-copy', '--local'], code: 2, message: /^if any flags in the group \[use-copy exclude\] are set, they must all be set; missing \[data-only\]$/ },
  { name: 'a flag without its value', args: ['db', 'reset', '--version'], code: 2, message: /^flag needs an argument: --version$/ },
  { name: 'a boolean flag with a word', args: ['start', '--ignore-health-check=maybe'], code: 2, message: /^invalid argument "maybe" for "--ignore-health-check" flag: strconv\.ParseBool/ },
  { name: 'an experimental command without --experimental', args: ['branches', 'list'], code: 2, message: /^must set the --experimental flag to run this command$/ },

  // Names that would write elsewhere than they say.
  { name: 'a migration name with a slash', args: ['migration', 'new', 'a/b'], code: 1, message: /^invalid migration name "a\/b": it cannot contain "\/"$/, absent: ['supabase/migrations/a'] },
  { name: 'a migration name climbing out of the project', args: ['migration', 'new', '../../evil'], code: 1, message: /^invalid migration name "\.\.\/\.\.\/evil"/, absent: ['supabase/migrations/evil.sql', 'supabase/evil.sql', '../evil.sql'] },
  { name: 'a migration name with a backslash', args: ['migration', 'new', 'a\\b'], code: 1, message: /^invalid migration name "a\\b": it cannot contain "\\"$/ },
  { name: 'a test name with a slash', args: ['test', 'new', 'a/b'], code: 1, message: /^invalid test name "a\/b"/, absent: ['supabase/tests/a'] },
  { name: 'a test name climbing out of the project', args: ['test', 'new', '../../evil'], code: 1, message: /^invalid test name/, absent: ['supabase/evil_test.sql', '../evil_test.sql'] },
  { name: 'a repair version that is not a number', args: ['migration', 'repair', '--status', 'applied', 'abc', '--local'], code: 1, message: /^failed to parse abc: invalid version number$/ },
  { name: 'a repair version without a file', args: ['migration', 'repair', '--status', 'applied', '19990101000000', '--local'], code: 1, message: /^glob supabase\/migrations\/19990101000000_\*\.sql: file does not exist$/ },
  { name: 'a reset version that is not a number', args: ['db', 'reset', '--version', 'abc'], code: 1, message: /^failed to parse abc: invalid version number$/ },
  { name: 'a reset version without a file', args: ['db', 'reset', '--version', '19990101000000'], code: 1, message: /^glob supabase\/migrations\/19990101000000_\*\.sql: file does not exist$/ },
  { name: 'a squash version that is not a number', args: ['migration', 'squash', '--version', 'abc', '--local'], code: 1, message: /^failed to parse abc: invalid version number$/ },
  { name: 'a squash version without a file', args: ['migration', 'squash', '--version', '19990101000000', '--local'], code: 1, message: /^glob supabase\/migrations\/19990101000000_\*\.sql: file does not exist$/ },
  { name: 'a project id that climbs out of the data folder', args: ['stop', '--project-id', '../x', '--no-backup'], code: 1, message: /^invalid project id "\.\.\/x"/ },
  { name: 'a project id with a slash', args: ['stop', '--project-id', 'a/b'], code: 1, message: /^invalid project id "a\/b"/ },
  { name: 'a project id of ".."', args: ['stop', '--project-id', '..', '--no-backup'], code: 1, message: /^invalid project id "\.\."/ },
  { name: 'an override name without "="', args: ['status', '--override-name', 'nokey'], code: 1, message: /^Invalid override name: nokey$/ },
  { name: 'a test file that does not exist', args: ['test', 'db', 'supabase/tests/missing_test.sql'], code: 1, message: /^No such test file or folder: supabase\/tests\/missing_test\.sql$/, setup: makeFolder('supabase/tests'), undo: remove('supabase/tests') },

  // Paths.
  { name: 'a --workdir that does not exist', args: ['--workdir', '/nonexistent/project', 'migration', 'new', 'x'], code: 1, message: /^failed to change workdir: chdir \/nonexistent\/project: no such file or directory$/, absent: ['/nonexistent'] },
  { name: 'a --workdir that is a file', args: ['--workdir', CONFIG, 'status'], code: 1, message: /^failed to change workdir: chdir .*config\.toml: not a directory$/ },
  { name: 'an init --workdir that does not exist', args: ['init', '--workdir', '/nonexistent/new-project'], code: 1, message: /^failed to change workdir/, absent: ['/nonexistent'] },
  { name: 'a dump into a folder that does not exist', args: ['db', 'dump', '--local', '-f', '/missing/dir/x.sql'], code: 1, message: /^failed to open \/missing\/dir\/x\.sql for writing: the folder \/missing\/dir does not exist$/, absent: ['/missing'] },
  { name: 'a dump onto a folder', args: ['db', 'dump', '--local', '-f', 'supabase'], code: 1, message: /^failed to open supabase for writing: it is a folder$/ },
  { name: 'a dump under a file', args: ['db', 'dump', '--local', '-f', `${CONFIG}/x.sql`], code: 1, message: /^failed to open supabase\/config\.toml\/x\.sql for writing: the folder supabase\/config\.toml does not exist$/ },
  { name: 'a command outside any project', args: ['status'], code: 1, message: /^cannot read config in .*: open supabase\/config\.toml: no such file or directory$/, where: 'empty' },
  { name: 'a database command outside any project', args: ['migration', 'list', '--local'], code: 1, message: /^cannot read config in /, where: 'empty', absent: ['supabase'] },
  { name: 'a reset outside any project', args: ['db', 'reset'], code: 1, message: /^cannot read config in /, where: 'empty', absent: ['supabase'] },

  // Config.
  { name: 'config.toml that is not TOML', args: ['status'], code: 1, message: /^cannot read config in .*supabase\/config\.toml/, setup: (root) => writeFileSync(path.join(root, CONFIG), 'this is [not toml\n'), where: 'fresh' },
  { name: 'a port that is a string', args: ['status'], code: 1, message: /^cannot read config in .*: supabase\/config\.toml:\d+: db\.port: /, setup: replaceInConfig(/^port = 54322$/m, 'port = "x"'), where: 'fresh' },
  { name: 'a port out of range', args: ['status'], code: 1, message: /db\.port: expected a port number \(an integer from 1 to 65535\), got an integer \(70000\)$/, setup: replaceInConfig(/^port = 54322$/m, 'port = 70000'), where: 'fresh' },
  { name: 'a negative port', args: ['status'], code: 1, message: /api\.port: expected a port number/, setup: replaceInConfig(/^port = 54321$/m, 'port = -1'), where: 'fresh' },
  { name: 'an unsupported major version', args: ['status'], code: 1, message: /^Failed reading config: Invalid db\.major_version: 16\.$/, fix: /accepted values: 13, 14 or 15\.$/, setup: replaceInConfig(/^major_version = 15$/m, 'major_version = 16'), where: 'fresh' },
  { name: 'PostgreSQL 12', args: ['start'], code: 1, message: /^Postgres version 12\.x is unsupported\./, setup: replaceInConfig(/^major_version = 15$/m, 'major_version = 12'), where: 'fresh' },
  { name: 'an empty project id', args: ['status'], code: 1, message: /^Missing required field in config: project_id$/, setup: replaceInConfig(/^project_id = .*$/m, 'project_id = ""'), where: 'fresh' },
  { name: 'a runtime that does not exist', args: ['start'], code: 1, message: /local\.runtime: expected one of "auto", "native", "docker"/, setup: (root) => writeFileSync(path.join(root, CONFIG), `${readFileSync(path.join(root, CONFIG), 'utf8')}\n[local]\nruntime = "nope"\n`), where: 'fresh' },
  { name: 'config.toml that is a folder', args: ['status'], code: 1, message: /^cannot read config in /, setup: makeFolder(CONFIG), where: 'fresh' },
  { name: 'a supabase folder that is a file', args: ['migration', 'list', '--local'], code: 1, message: /^cannot read config in /, setup: makeFile('supabase'), where: 'fresh' },

  // Connection strings.
  { name: 'a --db-url that is not a connection string', args: ['migration', 'list', '--db-url', 'nope'], code: 1, message: /^failed to parse connection string: /, where: 'empty' },
  { name: 'a --db-url with another scheme', args: ['migration', 'list', '--db-url', 'http://example.com/db'], code: 1, message: /^failed to parse connection string: unsupported scheme "http:"$/, where: 'empty' },
  { name: 'a raw @ in the password', args: ['migration', 'list', '--db-url', 'postgresql://postgres:p@ss@localhost:5432/postgres'], code: 1, message: /^failed to parse connection string: the user or password contains a raw "@"$/, secret: 'p@ss', where: 'empty' },
  { name: 'a raw # in the password', args: ['migration', 'list', '--db-url', 'postgresql://postgres:p#ss@localhost:5432/postgres'], code: 1, message: /^failed to parse connection string: the connection string contains a raw "#"$/, where: 'empty' },
  { name: 'a URL without a host', args: ['migration', 'list', '--db-url', 'postgresql:///postgres'], code: 1, message: /^failed to parse connection string: it names no host$/, where: 'empty' },
  { name: 'a keyword/value string with an open quote', args: ['migration', 'list', '--db-url', "host=localhost password='hunter2"], code: 1, message: /^failed to parse connection string: unterminated quoted string in connection info string$/, secret: 'hunter2', where: 'empty' },
  { name: 'a keyword/value string with a bad port', args: ['migration', 'list', '--db-url', 'host=localhost port=abc'], code: 1, message: /^failed to parse connection string: invalid port number: "abc"$/, where: 'empty' },
  { name: 'a keyword/value string with a stray word', args: ['migration', 'list', '--db-url', 'host=localhost password=hunter2 secondhalf'], code: 1, message: /^failed to parse connection string: missing "=" after setting 3/, secret: 'secondhalf', where: 'empty' },
  { name: 'a keyword/value string nothing listens on', args: ['migration', 'list', '--db-url', 'host=127.0.0.1 port=1 user=postgres password=hunter2 dbname=postgres'], code: 1, message: /^failed to connect to postgres: .*ECONNREFUSED/, secret: 'hunter2', where: 'empty' },
  { name: 'a URL nothing listens on', args: ['migration', 'list', '--db-url', 'postgresql://postgres:hunter2@127.0.0.1:1/postgres'], code: 1, message: /^failed to connect to postgres: .*ECONNREFUSED/, secret: 'hunter2', where: 'empty' },
  { name: 'a wrong password', args: ['migration', 'list', '--db-url', 'PORT'], code: 1, message: /^failed to connect to postgres: password authentication failed for user "postgres"$/, secret: 'hunter2' },
  { name: 'gen types with a broken --db-url', args: ['gen', 'types', 'typescript', '--db-url', 'nope'], code: 1, message: /^URL is not a valid Supabase connection string: /, where: 'empty' },

  // Ports.
  { name: 'a database port in use', args: ['start'], code: 1, message: /^failed to start database: port \d+ is already in use \(set by \[db\] port in supabase\/config\.toml\)$/, setup: (root) => replaceInConfig(/^port = 54322$/m, `port = ${busyPort}`)(root), where: 'fresh' },
  {
    name: 'a studio port in use',
    args: ['start'],
    code: 1,
    message: /^failed to start the local platform API: port \d+ is already in use \(set by \[studio\] port in supabase\/config\.toml\)$/,
    setup: async (root) => {
      const file = path.join(root, CONFIG);
      const db = await freePort();
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^port = 54322$/m, `port = ${db}`).replace(/^port = 54323$/m, `port = ${busyPort}`));
    },
    where: 'fresh',
  },

  // Files of the wrong kind.
  { name: 'seed.sql that is a folder (db reset)', args: ['db', 'reset'], code: 1, message: /^supabase\/seed\.sql is a folder: the supabase CLI expects a file there\.$/, setup: makeFolder('supabase/seed.sql'), undo: (root) => {
    remove('supabase/seed.sql')(root);
    writeFileSync(path.join(root, 'supabase', 'seed.sql'), 'insert into public.one values (1);\n');
  } },
  { name: 'roles.sql that is a folder (db push --include-roles)', args: ['db', 'push', '--local', '--include-roles'], code: 1, message: /^supabase\/roles\.sql is a folder/, setup: makeFolder('supabase/roles.sql'), undo: remove('supabase/roles.sql') },
  { name: 'migrations that is a file (migration new)', args: ['migration', 'new', 'x'], code: 1, message: /^supabase\/migrations is not a folder: the supabase CLI expects a folder there\.$/, setup: makeFile('supabase/migrations'), undo: (root) => restoreMigrations(root) },
  { name: 'migrations that is a file (migration list)', args: ['migration', 'list', '--local'], code: 1, message: /^supabase\/migrations is not a folder/, setup: makeFile('supabase/migrations'), undo: (root) => restoreMigrations(root) },
  { name: 'migrations that is a file (db reset)', args: ['db', 'reset'], code: 1, message: /^supabase\/migrations is not a folder/, setup: makeFile('supabase/migrations'), undo: (root) => restoreMigrations(root) },
  { name: 'migrations that is a file (migration up)', args: ['migration', 'up'], code: 1, message: /^supabase\/migrations is not a folder/, setup: makeFile('supabase/migrations'), undo: (root) => restoreMigrations(root) },
  { name: 'tests that is a file (test db)', args: ['test', 'db'], code: 1, message: /^supabase\/tests is not a folder/, setup: makeFile('supabase/tests'), undo: remove('supabase/tests') },
  { name: 'tests that is a file (test new)', args: ['test', 'new', 'x'], code: 1, message: /^supabase\/tests is not a folder/, setup: makeFile('supabase/tests'), undo: remove('supabase/tests') },
  { name: '.temp that is a file (db reset)', args: ['db', 'reset'], code: 1, message: /\/supabase\/\.temp is not a folder/, setup: makeFile('supabase/.temp'), where: 'fresh' },
  { name: '.temp that is a file (migration up)', args: ['migration', 'up'], code: 1, message: /\/supabase\/\.temp is not a folder/, setup: makeFile('supabase/.temp'), where: 'fresh' },
  { name: '.temp that is a file (stop)', args: ['stop'], code: 1, message: /\/supabase\/\.temp is not a folder/, setup: makeFile('supabase/.temp'), where: 'fresh' },
];

/** Every file under a folder with its size, for "nothing created or changed" (the journal aside). */
function tree(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(root, full);
      if (relative === path.join('supabase', '.temp') || relative === path.join('supabase', '.branches')) continue;
      if (entry.isDirectory()) walk(full);
      else found.push(`${relative} ${statSync(full).size}`);
    }
  };
  walk(root);
  return found.sort();
}

describe('the bad-input catalogue: one line, the exit code, no trace, no stray files', function () {
  this.timeout(300_000);
  let project: CliProject;
  const tickets = mkdtempSync(path.join(tmpdir(), 'catalogue-tickets-'));

  before(async () => {
    assert.ok(cases.length >= 60, `only ${cases.length} cases`);
    project = await cliProject('catalogue');
    restoreMigrations = () => project.writeMigrations();
    assert.equal(project.run(['start']).code, 0);
    listener = await new Promise<Server>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => resolve(server));
    });
    busyPort = (listener.address() as { port: number }).port;
  });
  after(() => {
    listener?.close();
    project?.dispose();
    rmSync(tickets, { recursive: true, force: true });
  });

  for (const item of cases) {
    it(`${item.name}: supabase ${item.args.join(' ')}`, async () => {
      let cwd = project.root;
      if (item.where === 'empty') cwd = mkdtempSync(path.join(tmpdir(), 'catalogue-empty-'));
      if (item.where === 'fresh') {
        cwd = mkdtempSync(path.join(tmpdir(), 'catalogue-fresh-'));
        assert.equal(spawnSync(process.execPath, [BIN, 'init'], { cwd, env: project.env }).status, 0);
      }
      try {
        await item.setup?.(cwd);
        const args = item.args.map((arg) => (arg === 'PORT' ? `postgresql://postgres:hunter2@127.0.0.1:${project.port}/postgres` : arg));
        const before = tree(cwd);
        const result = spawnSync(process.execPath, [BIN, ...args], { cwd, env: { ...project.env, SUPABASE_TICKET_DIR: tickets }, input: '', encoding: 'utf8', timeout: 120_000 });
        const output = `${result.stdout}${result.stderr}`;
        assert.equal(result.status, item.code, output);
        assert.doesNotMatch(output, /unexpected error|Unhandled|crash report|^\s+at .*:\d+:\d+\)?$/m, output);
        const lines = result.stderr.split('\n').filter((line) => !PROGRESS.test(line));
        assert.ok(lines.length >= 1 && lines.length <= 2, `expected one line (and a suggestion), got:\n${result.stderr}`);
        assert.match(lines[0]!, item.message);
        if (item.fix) assert.match(lines[1] ?? '', item.fix);
        if (item.secret) assert.ok(!output.includes(item.secret), `the secret shows:\n${output}`);
        assert.deepEqual(tree(cwd), before, 'files were created or changed');
        for (const relative of item.absent ?? []) assert.ok(!existsSync(path.resolve(cwd, relative)), `${relative} was created`);
        assert.deepEqual(readdirSync(tickets), [], 'a crash report was written');
      } finally {
        await item.undo?.(cwd);
        if (cwd !== project.root) {
          spawnSync(process.execPath, [BIN, 'stop', '--no-backup'], { cwd, env: project.env, stdio: 'ignore' });
          rmSync(cwd, { recursive: true, force: true });
        }
      }
    });
  }
});
