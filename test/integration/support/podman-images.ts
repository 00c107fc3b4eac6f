/**
 * Test fixtures: images built locally, since no registry can be reached. A busybox base imported
 * from the host's busybox-static; a PostgreSQL 15 image made from the host's PostgreSQL 15 install
 * (server, contrib, the libraries `ldd` lists) with an entrypoint that honours the contract of the
 * official postgres images (POSTGRES_PASSWORD, POSTGRES_INITDB_ARGS, `docker-entrypoint.sh`); and
 * STAND-IN images for the other services: busybox httpd answering on the service's ports. Each is
 * tagged with the exact name the runtime looks for, so the runtime finds it locally.
 *
 * The database image reproduces the platform image's contract where the CLI depends on it
 * (platform-db-contract.ts): supabase_admin the only superuser, postgres demoted, the reserved
 * roles, and an init step that runs /etc/postgresql.schema.sql. The auth and storage stand-ins
 * answer their image's migrate command by applying our copy of that service's schema as its
 * owner role, as the real `gotrue migrate` and `migrate-call.js` do.
 *
 * Images carry a fixture version label and are rebuilt only when it changes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type Docker from 'dockerode';
import { packageFolder } from '../../../tasks/package-folder.js';
import type { PodmanService } from './podman-service.js';
import { PLATFORM_DEMOTE_SQL, PLATFORM_ENTRYPOINT, PLATFORM_INIT_SQL, PLATFORM_MIGRATE, PRIVILEGED_EXTENSIONS } from './platform-db-contract.js';

/** Bump to rebuild every fixture image. */
const FIXTURE_VERSION = '6';
const FIXTURE_LABEL = 'com.supabase.cli.test-fixture';
/** The base image of the others. */
export const BUSYBOX_IMAGE = 'localhost/supabase-test/busybox:latest';

async function isCurrent(docker: Docker, name: string): Promise<boolean> {
  const info = await docker.getImage(name).inspect().catch(() => undefined);
  return info?.Config?.Labels?.[FIXTURE_LABEL] === FIXTURE_VERSION;
}

function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): string {
  const result = spawnSync(command, args, { ...options, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.error?.message}`);
  return result.stdout;
}

/** Imports a busybox rootfs (every applet linked in /bin) as the base image. */
export async function ensureBusyboxBase(docker: Docker, podman: PodmanService): Promise<void> {
  if (await isCurrent(docker, BUSYBOX_IMAGE)) return;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'busybox-rootfs-'));
  try {
    for (const sub of ['bin', 'etc', 'tmp', 'var/run', 'root']) await mkdir(path.join(dir, sub), { recursive: true });
    await chmod(path.join(dir, 'tmp'), 0o1777);
    await cp(run('sh', ['-c', 'command -v busybox']).trim(), path.join(dir, 'bin', 'busybox'));
    for (const applet of run('busybox', ['--list']).split('\n').filter((name) => name && name !== 'busybox')) {
      await symlink('busybox', path.join(dir, 'bin', applet));
    }
    await writeFile(path.join(dir, 'etc', 'passwd'), 'root:x:0:0:root:/root:/bin/sh\npostgres:x:999:999:postgres:/var/lib/postgresql:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/false\n');
    await writeFile(path.join(dir, 'etc', 'group'), 'root:x:0:\npostgres:x:999:\nnogroup:x:65534:\n');
    const tar = spawn('tar', ['-C', dir, '-c', '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const importer = spawn('podman', ['import', '--change', 'CMD ["/bin/sh"]', '--change', `LABEL ${FIXTURE_LABEL}=${FIXTURE_VERSION}`, '-', BUSYBOX_IMAGE], {
      env: podman.podmanEnv,
      stdio: [tar.stdout, 'ignore', 'pipe'],
    });
    let stderr = '';
    importer.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => importer.once('exit', resolve));
    if (code !== 0) throw new Error(`podman import failed: ${stderr}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Builds `context` (a folder with a Dockerfile) as `name` through the Engine API. */
async function build(docker: Docker, context: string, name: string): Promise<void> {
  const tar = spawn('tar', ['-C', context, '-c', '.'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const stream = await docker.buildImage(tar.stdout, { t: name, labels: { [FIXTURE_LABEL]: FIXTURE_VERSION } });
  await new Promise<void>((resolve, reject) => {
    docker.modem.followProgress(stream, (err: Error | null, output: Array<{ error?: string }>) => {
      const failed = err ?? output.find((event) => event.error);
      if (failed) reject(failed instanceof Error ? failed : new Error(`building ${name}: ${failed.error}`));
      else resolve();
    });
  });
  // A rebuild leaves the previous image untagged; drop it so the cache does not grow run after run.
  await docker.pruneImages({ filters: JSON.stringify({ dangling: ['true'] }) }).catch(() => undefined);
}

/** Copies into `rootfs`, at their host paths, the shared libraries `ldd` lists for `binaries`. */
async function copyLibraries(binaries: string[], rootfs: string): Promise<void> {
  const libs = new Set<string>();
  for (const binary of binaries) {
    const out = spawnSync('ldd', [binary], { encoding: 'utf8' }).stdout ?? '';
    for (const match of out.matchAll(/(?:=>\s*)?(\/\S+)\s+\(0x/g)) libs.add(match[1]!);
  }
  for (const lib of libs) await cp(lib, path.join(rootfs, lib), { dereference: true });
}

/** What supabase/postgres keeps in /etc/postgresql: the config file pointing at the data volume. */
const PG_CONF = `data_directory = '/var/lib/postgresql/data'
hba_file = '/var/lib/postgresql/data/pg_hba.conf'
ident_file = '/var/lib/postgresql/data/pg_ident.conf'
listen_addresses = '*'
unix_socket_directories = '/var/run/postgresql'
shared_preload_libraries = 'pg_stat_statements'
wal_level = logical
fsync = off
synchronous_commit = off
jit = off
`;

/** A PostgreSQL 15 image from the host's install, tagged `name`. */
export async function ensurePostgresImage(docker: Docker, name: string): Promise<void> {
  if (await isCurrent(docker, name)) return;
  const pgRoot = '/usr/lib/postgresql/15';
  const context = await mkdtemp(path.join(os.tmpdir(), 'pg-image-'));
  try {
    const rootfs = path.join(context, 'rootfs');
    // The JIT provider would drag in LLVM (hundreds of MB); the config turns JIT off instead.
    await cp(pgRoot, path.join(rootfs, pgRoot), { recursive: true, filter: (src) => !/llvmjit|bitcode/.test(src) });
    await cp('/usr/share/postgresql/15', path.join(rootfs, 'usr/share/postgresql/15'), { recursive: true });
    await cp('/usr/share/zoneinfo', path.join(rootfs, 'usr/share/zoneinfo'), { recursive: true, dereference: true });
    await cp('/usr/lib/locale/C.utf8', path.join(rootfs, 'usr/lib/locale/C.utf8'), { recursive: true });
    await copyLibraries([
      ...(await readdir(path.join(pgRoot, 'bin'))).map((file) => path.join(pgRoot, 'bin', file)),
      ...(await readdir(path.join(pgRoot, 'lib'))).filter((file) => file.endsWith('.so') && !file.startsWith('llvmjit')).map((file) => path.join(pgRoot, 'lib', file)),
    ], rootfs);
    await mkdir(path.join(rootfs, 'etc/postgresql'), { recursive: true });
    await writeFile(path.join(rootfs, 'etc/postgresql/postgresql.conf'), PG_CONF);
    await mkdir(path.join(rootfs, 'usr/local/bin'), { recursive: true });
    await writeFile(path.join(rootfs, 'usr/local/bin/docker-entrypoint.sh'), PLATFORM_ENTRYPOINT, { mode: 0o755 });
    const initdb = path.join(rootfs, 'docker-entrypoint-initdb.d');
    await mkdir(path.join(initdb, 'init-scripts'), { recursive: true });
    await mkdir(path.join(initdb, 'migrations'), { recursive: true });
    await writeFile(path.join(initdb, 'migrate.sh'), PLATFORM_MIGRATE, { mode: 0o755 });
    await writeFile(path.join(initdb, 'init-scripts/00-roles-and-schemas.sql'), PLATFORM_INIT_SQL);
    await writeFile(path.join(initdb, 'migrations/10-demote-postgres.sql'), PLATFORM_DEMOTE_SQL);
    const extensions = path.join(rootfs, 'usr/share/postgresql/15/extension');
    for (const name of PRIVILEGED_EXTENSIONS) {
      const control = path.join(extensions, `${name}.control`);
      await writeFile(control, `${await readFile(control, 'utf8')}\ntrusted = true\n`);
    }
    // pg_net is preinstalled on the platform; ours (SQL only, its requests are never sent here) stands in.
    const pgNet = await packageFolder('native-extensions/pg_net');
    for (const file of await readdir(pgNet)) await cp(path.join(pgNet, file), path.join(extensions, file));
    await writeFile(
      path.join(context, 'Dockerfile'),
      [
        `FROM ${BUSYBOX_IMAGE}`,
        'COPY rootfs/ /',
        'ENV PATH=/usr/local/bin:/usr/lib/postgresql/15/bin:/bin LD_LIBRARY_PATH=/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu LANG=C.UTF-8 POSTGRES_USER=supabase_admin',
        'RUN mkdir -p /var/lib/postgresql/data /etc/postgresql-custom && chown -R 999:999 /var/lib/postgresql',
        'ENTRYPOINT ["docker-entrypoint.sh"]',
        'CMD ["postgres", "-D", "/etc/postgresql"]',
        '',
      ].join('\n'),
    );
    await build(docker, context, name);
  } finally {
    await rm(context, { recursive: true, force: true });
  }
}

/**
 * What a service image does when the CLI runs it once to migrate the database: `command` is the
 * program the CLI names (`gotrue` for `gotrue migrate`, `node` for `node dist/scripts/migrate-call.js`),
 * `urlVariable` the environment variable holding the database URL, and `schema` our copy of the
 * service's schema under migrations/bootstrap, applied from its `set role <owner>;` line on: the part
 * the service's own role runs (the lines before it are what the image's init does).
 */
export interface StandInMigration {
  command: 'gotrue' | 'node';
  /** The first argument that means "migrate" (`migrate`, `dist/scripts/migrate-call.js`). */
  argument: string;
  urlVariable: string;
  schema: string;
  owner: string;
  /** SQL applied instead of the schema's part (a migration that fails, say). */
  sql?: string;
}

/**
 * A STAND-IN image (not the real service): busybox httpd on each of `ports`, serving `/health` and
 * `/status`, started by its CMD or by `/docker-entrypoint.sh` (which kong's entrypoint calls); with
 * `migration`, also the service's migrate command, through psql.
 */
export async function ensureStandInImage(docker: Docker, name: string, ports: number[], migration?: StandInMigration): Promise<void> {
  if (await isCurrent(docker, name)) return;
  const context = await mkdtemp(path.join(os.tmpdir(), 'standin-image-'));
  try {
    const rootfs = path.join(context, 'rootfs');
    const script = `#!/bin/sh\n# Test fixture: stands in for ${name}.\nfor port in ${ports.join(' ')}; do httpd -f -p "$port" -h /www & done\nwait\n`;
    await mkdir(path.join(rootfs, 'www'), { recursive: true });
    await writeFile(path.join(rootfs, 'www/health'), 'ok\n');
    await writeFile(path.join(rootfs, 'www/status'), 'ok\n');
    await writeFile(path.join(rootfs, 'standin'), script, { mode: 0o755 });
    await writeFile(path.join(rootfs, 'docker-entrypoint.sh'), '#!/bin/sh\nexec /standin\n', { mode: 0o755 });
    if (migration) await addMigration(rootfs, migration);
    await writeFile(
      path.join(context, 'Dockerfile'),
      `FROM ${BUSYBOX_IMAGE}\nCOPY rootfs/ /\nENV PATH=/usr/local/bin:/bin LD_LIBRARY_PATH=/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu\nRUN mkdir -p /home/kong /etc/vector\nCMD ["/standin"]\n`,
    );
    await build(docker, context, name);
  } finally {
    await rm(context, { recursive: true, force: true });
  }
}

/** psql and its libraries, the owner's part of the schema, and the command that applies it. */
async function addMigration(rootfs: string, migration: StandInMigration): Promise<void> {
  const psql = '/usr/lib/postgresql/15/bin/psql';
  await mkdir(path.join(rootfs, 'usr/local/bin'), { recursive: true });
  await cp(psql, path.join(rootfs, 'usr/local/bin/psql'));
  await copyLibraries([psql], rootfs);
  const text = migration.sql ?? (await readFile(path.join(await packageFolder('migrations/bootstrap'), migration.schema), 'utf8'));
  const from = migration.sql === undefined ? text.indexOf(`set role ${migration.owner};`) : 0;
  if (from < 0) throw new Error(`${migration.schema} has no "set role ${migration.owner};" line`);
  await writeFile(path.join(rootfs, 'standin-migration.sql'), text.slice(from));
  const command = [
    '#!/bin/sh',
    `# Test fixture: the migrate command of the service image, applying its schema as ${migration.owner}.`,
    `if [ "$1" = "${migration.argument}" ]; then`,
    `  exec psql "$${migration.urlVariable}" -v ON_ERROR_STOP=1 --no-psqlrc -q -f /standin-migration.sql`,
    'fi',
    migration.command === 'gotrue' ? 'exec /standin' : `echo "stand-in ${migration.command} only migrates" >&2; exit 1`,
    '',
  ].join('\n');
  await writeFile(path.join(rootfs, 'usr/local/bin', migration.command), command, { mode: 0o755 });
}

/** The auth and storage images the CLI runs once on every new database, even when -x leaves them out. */
export async function ensureServiceMigrationImages(docker: Docker, images: { auth: string; storage: string }): Promise<void> {
  await ensureStandInImage(docker, images.auth, [9999], {
    command: 'gotrue', argument: 'migrate', urlVariable: 'GOTRUE_DB_DATABASE_URL', schema: '02-auth.sql', owner: 'supabase_auth_admin',
  });
  await ensureStandInImage(docker, images.storage, [5000], STORAGE_MIGRATION);
}

/** A storage image whose migrations run `sql` instead, as supabase_storage_admin. */
export async function ensureStorageImageMigrating(docker: Docker, image: string, sql: string): Promise<void> {
  await ensureStandInImage(docker, image, [5000], { ...STORAGE_MIGRATION, sql });
}

const STORAGE_MIGRATION: StandInMigration = {
  command: 'node', argument: 'dist/scripts/migrate-call.js', urlVariable: 'DATABASE_URL', schema: '03-storage.sql', owner: 'supabase_storage_admin',
};

/**
 * A STAND-IN for supabase/edge-runtime (not the real runtime): the real Deno binary of the deno npm
 * package, and an `edge-runtime` command whose `start --main-service <dir> -p <port>` runs the main
 * service with a small `EdgeRuntime.userWorkers` of this fixture's own (each worker is the function's
 * module imported into the same process, its Deno.serve handler captured). Enough to run the CLI's
 * main router, mounts and environment for real; nothing of the real runtime's isolation or limits.
 */
export async function ensureEdgeRuntimeStandIn(docker: Docker, name: string, deno: string): Promise<void> {
  if (await isCurrent(docker, name)) return;
  const context = await mkdtemp(path.join(os.tmpdir(), 'edge-runtime-image-'));
  try {
    const rootfs = path.join(context, 'rootfs');
    await mkdir(path.join(rootfs, 'usr/local/bin'), { recursive: true });
    await cp(deno, path.join(rootfs, 'usr/local/bin/deno'));
    await copyLibraries([deno], rootfs);
    await writeFile(path.join(rootfs, 'usr/local/bin/edge-runtime'), '#!/bin/sh\n# Test fixture: stands in for the edge-runtime binary.\nexec deno run -A --no-config /standin/runtime.js "$@"\n', { mode: 0o755 });
    await mkdir(path.join(rootfs, 'standin'));
    await writeFile(path.join(rootfs, 'standin/runtime.js'), EDGE_RUNTIME_STAND_IN);
    await writeFile(
      path.join(context, 'Dockerfile'),
      `FROM ${BUSYBOX_IMAGE}\nCOPY rootfs/ /\nENV PATH=/usr/local/bin:/bin DENO_DIR=/root/.cache/deno\nCMD ["edge-runtime"]\n`,
    );
    await build(docker, context, name);
  } finally {
    await rm(context, { recursive: true, force: true });
  }
}

const EDGE_RUNTIME_STAND_IN = `// Test fixture: runs a main service the way edge-runtime start does, with toy user workers.
const argument = (flag) => Deno.args[Deno.args.indexOf(flag) + 1];
if (Deno.args[0] !== "start") throw new Error("stand-in edge-runtime only knows start");
const port = Number(argument("-p"));
const realServe = Deno.serve.bind(Deno);
let capture;
Deno.serve = (first, second) => {
  const options = typeof first === "object" && first !== null ? first : {};
  const handler = typeof first === "function" ? first : second ?? options.handler;
  if (capture) {
    capture(handler);
    return { finished: new Promise(() => {}), shutdown: async () => {} };
  }
  return realServe({ ...options, hostname: "0.0.0.0", port }, handler);
};
const failure = (name, message) => Object.assign(new Error(message), { name });
globalThis.EdgeRuntime = {
  userWorkers: {
    async create({ servicePath, envVars }) {
      for (const [name, value] of envVars) Deno.env.set(name, value);
      let handler;
      capture = (found) => (handler = found);
      try {
        await import("file://" + servicePath + "/index.ts?" + crypto.randomUUID());
      } catch (error) {
        throw failure("InvalidWorkerCreation", String(error));
      } finally {
        capture = undefined;
      }
      if (!handler) throw failure("InvalidWorkerCreation", servicePath + " did not call Deno.serve");
      return { fetch: async (request) => await handler(request) };
    },
  },
};
await import("file://" + argument("--main-service") + "/index.ts");
`;
