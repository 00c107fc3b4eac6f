/**
 * Test support: a real Docker Engine API from rootful Podman's compatible service, configured only
 * through environment variables and files in one folder (nothing under /etc is touched), with
 * every registry blocked so that nothing is ever pulled from outside. See environment.md,
 * "A real Docker Engine API here: rootful Podman".
 *
 * The folder is stable per machine (under the OS temp dir), so images built by a run are reused by
 * the next one; containers, networks and volumes are removed by the suites that made them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** A running Podman service and the environment that points clients at it. */
export interface PodmanService {
  dir: string;
  socket: string;
  /** DOCKER_HOST for dockerode and the runtime. */
  dockerHost: string;
  /** Environment for `podman` CLI calls that must see the same storage (e.g. `podman import`). */
  podmanEnv: NodeJS.ProcessEnv;
  stop: () => Promise<void>;
}

/**
 * What rootful Podman needs on this host, by Debian package: the programs on PATH, and the helpers
 * podman looks up in its own libexec folders (a `--no-install-recommends` install leaves them out,
 * and podman then fails only when the first network or container is made).
 */
const PODMAN_PARTS: { pkg: string; command?: string; helper?: string }[] = [
  { pkg: 'podman', command: 'podman' },
  { pkg: 'runc', command: 'runc' },
  { pkg: 'busybox-static', command: 'busybox' },
  { pkg: 'netavark', helper: 'netavark' },
  { pkg: 'aardvark-dns', helper: 'aardvark-dns' },
  { pkg: 'catatonit', helper: 'catatonit' },
  // netavark drives the host firewall through it; without it every network setup fails with ENOENT.
  { pkg: 'iptables', command: 'iptables' },
];
const HELPER_DIRS = ['/usr/local/libexec/podman', '/usr/local/lib/podman', '/usr/libexec/podman', '/usr/lib/podman', '/usr/bin'];

/** Why podman cannot be used here (one line naming the missing Debian package), or undefined. */
export function podmanMissing(): string | undefined {
  for (const part of PODMAN_PARTS) {
    const present = part.command
      ? spawnSync('sh', ['-c', `command -v ${part.command}`]).status === 0
      : HELPER_DIRS.some((dir) => existsSync(path.join(dir, part.helper ?? '')));
    if (!present) return `${part.command ?? part.helper} is missing: install the Debian package ${part.pkg} (or run .ci/podman-setup.sh)`;
  }
  if (process.getuid?.() !== 0) return 'rootful podman needs root';
  return undefined;
}

/** The folder holding configuration, storage and the socket. */
export function podmanDir(): string {
  return path.join(os.tmpdir(), `supabase-podman-tests-${process.getuid?.() ?? 'user'}`);
}

/** Starts `podman system service` on a private socket; resolves once `/_ping` answers. */
export async function startPodmanService(): Promise<PodmanService> {
  const dir = podmanDir();
  await mkdir(path.join(dir, 'networks'), { recursive: true });
  const podmanEnv = await writeConfig(dir);
  const socket = path.join(dir, 'podman.sock');
  await rm(socket, { force: true });
  const child = spawn('podman', ['system', 'service', '--time=0', `unix://${socket}`], {
    env: podmanEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.once('error', () => undefined);
  try {
    await waitForPing(socket, exited, () => stderr);
  } catch (err) {
    await stopChild(child, exited);
    throw err;
  }
  return { dir, socket, dockerHost: `unix://${socket}`, podmanEnv, stop: () => stopChild(child, exited) };
}

/** Writes containers.conf, storage.conf and registries.conf; returns the env that selects them. */
async function writeConfig(dir: string): Promise<NodeJS.ProcessEnv> {
  // overlay on overlay does not work; vfs is slow but works anywhere.
  const rootFs = (await readFile('/proc/mounts', 'utf8')).split('\n').find((line) => line.split(' ')[1] === '/')?.split(' ')[2];
  const driver = rootFs === 'overlay' ? 'vfs' : 'overlay';
  const files = {
    'containers.conf': [
      '[containers]',
      // Podman's defaults exceed this sandbox's hard limits.
      'default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]',
      '[engine]',
      // crun refuses the host's hybrid cgroups; there is no systemd to manage cgroups or events.
      'runtime = "runc"',
      'cgroup_manager = "cgroupfs"',
      'events_logger = "file"',
      'exit_command_delay = 30',
      '[network]',
      'network_backend = "netavark"',
      `network_config_dir = "${path.join(dir, 'networks')}"`,
    ],
    'storage.conf': ['[storage]', `driver = "${driver}"`, `graphroot = "${path.join(dir, 'storage')}"`, `runroot = "${path.join(dir, 'run')}"`],
    'registries.conf': [
      'unqualified-search-registries = []',
      // Blocked registries fail a pull at once instead of dialling out and timing out; any other
      // registry meets the dead proxy set below.
      ...['docker.io', 'registry-1.docker.io', 'public.ecr.aws', 'quay.io', 'ghcr.io', 'gcr.io', 'registry.k8s.io', '*.docker.io', '*.amazonaws.com'].flatMap((prefix) => [
        '[[registry]]',
        prefix.startsWith('*.') ? `prefix = "${prefix}"` : `location = "${prefix}"`,
        'blocked = true',
      ]),
    ],
  };
  for (const [name, lines] of Object.entries(files)) await writeFile(path.join(dir, name), `${lines.join('\n')}\n`);
  return {
    ...process.env,
    CONTAINERS_CONF: path.join(dir, 'containers.conf'),
    CONTAINERS_STORAGE_CONF: path.join(dir, 'storage.conf'),
    CONTAINERS_REGISTRIES_CONF: path.join(dir, 'registries.conf'),
    // Else images built through the API lose their HEALTHCHECK.
    BUILDAH_FORMAT: 'docker',
    // A closed local port: whatever registry is not listed above fails in milliseconds too.
    HTTPS_PROXY: 'http://127.0.0.1:9',
    HTTP_PROXY: 'http://127.0.0.1:9',
    NO_PROXY: '',
  };
}

async function waitForPing(socket: string, exited: Promise<number | null>, stderr: () => string): Promise<void> {
  const http = await import('node:http');
  let code: number | null | undefined;
  void exited.then((value) => (code = value));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (code !== undefined) throw new Error(`podman system service exited (${code}): ${stderr()}`);
    if (existsSync(socket)) {
      const ok = await new Promise<boolean>((resolve) => {
        const req = http.request({ socketPath: socket, path: '/_ping', timeout: 1_000 }, (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        });
        req.on('error', () => resolve(false));
        req.on('timeout', () => req.destroy());
        req.end();
      });
      if (ok) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`podman system service did not answer within 20s: ${stderr()}`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  process.kill(child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(child.pid, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * For a suite's `before`: the running service, or the suite skipped with a message when podman is
 * missing or does not start. With CI=true both are failures instead.
 */
export async function podmanOrSkip(suite: Mocha.Context): Promise<PodmanService> {
  const missing = podmanMissing();
  if (missing) {
    if (process.env.CI) throw new Error(`podman is required in CI: ${missing}`);
    console.log(`      skipped: ${missing}`);
    suite.skip();
  }
  try {
    return await startPodmanService();
  } catch (err) {
    if (process.env.CI) throw err;
    console.log(`      skipped: podman service did not start: ${(err as Error).message}`);
    suite.skip();
  }
}
