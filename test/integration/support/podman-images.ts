/**
 * Test fixtures: images built locally, since no registry can be reached. A busybox base imported
 * from the host's busybox-static; a PostgreSQL 15 image made from the host's PostgreSQL 15 install
 * (server, contrib, the libraries `ldd` lists) with an entrypoint that honours the contract of the
 * official postgres images (POSTGRES_PASSWORD, POSTGRES_INITDB_ARGS, `docker-entrypoint.sh`); and
 * STAND-IN images for the other services: busybox httpd answering on the service's ports. Each is
 * tagged with the exact name the runtime looks for, so the runtime finds it locally.
 *
 * Images carry a fixture version label and are rebuilt only when it changes.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type Docker from 'dockerode';
import type { PodmanService } from './podman-service.js';

/** Bump to rebuild every fixture image. */
const FIXTURE_VERSION = '3';
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

/** The docker-library contract, reduced: initdb on an empty data volume, then run as postgres. */
const PG_ENTRYPOINT = `#!/bin/sh
# Test fixture: a stand-in for the postgres image's docker-entrypoint.sh.
set -e
PGDATA=/var/lib/postgresql/data
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R 999:999 "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  # "--" keeps su from reading the server's own options (-D, -c) as its own.
  exec su -p -s /bin/sh -c 'exec "$0" "$@"' postgres -- "$0" "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\\n' "$POSTGRES_PASSWORD" > /tmp/pwfile
  initdb -D "$PGDATA" -U postgres --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 $POSTGRES_INITDB_ARGS
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
fi
exec "$@"
`;

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
    await writeFile(path.join(rootfs, 'usr/local/bin/docker-entrypoint.sh'), PG_ENTRYPOINT, { mode: 0o755 });
    await writeFile(
      path.join(context, 'Dockerfile'),
      [
        `FROM ${BUSYBOX_IMAGE}`,
        'COPY rootfs/ /',
        'ENV PATH=/usr/local/bin:/usr/lib/postgresql/15/bin:/bin LD_LIBRARY_PATH=/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu LANG=C.UTF-8',
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
 * A STAND-IN image (not the real service): busybox httpd on each of `ports`, serving `/health` and
 * `/status`, started by its CMD or by `/docker-entrypoint.sh` (which kong's entrypoint calls).
 */
export async function ensureStandInImage(docker: Docker, name: string, ports: number[]): Promise<void> {
  if (await isCurrent(docker, name)) return;
  const context = await mkdtemp(path.join(os.tmpdir(), 'standin-image-'));
  try {
    const script = `#!/bin/sh\n# Test fixture: stands in for ${name}.\nfor port in ${ports.join(' ')}; do httpd -f -p "$port" -h /www & done\nwait\n`;
    await mkdir(path.join(context, 'rootfs/www'), { recursive: true });
    await writeFile(path.join(context, 'rootfs/www/health'), 'ok\n');
    await writeFile(path.join(context, 'rootfs/www/status'), 'ok\n');
    await writeFile(path.join(context, 'rootfs/standin'), script, { mode: 0o755 });
    await writeFile(path.join(context, 'rootfs/docker-entrypoint.sh'), '#!/bin/sh\nexec /standin\n', { mode: 0o755 });
    await writeFile(path.join(context, 'Dockerfile'), `FROM ${BUSYBOX_IMAGE}\nCOPY rootfs/ /\nRUN mkdir -p /home/kong /etc/vector\nCMD ["/standin"]\n`);
    await build(docker, context, name);
  } finally {
    await rm(context, { recursive: true, force: true });
  }
}

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
