/**
 * Readiness, probed directly every ~200 ms: an SQL connection for the db, a TCP connection to a
 * published port, an HTTP request through kong, or the service's own health check run with exec.
 * Docker only runs health checks every 10 s, and Podman without systemd never runs them, so
 * waiting on `State.Health` would be slow in one case and endless in the other.
 */
import net from 'node:net';
import type Docker from 'dockerode';
import { connect } from '../db/connect.js';
import { messageOf } from '../task-error.js';
import type { ServiceContainer } from './services/service-plugin.js';

export interface ProbeTarget {
  container: string;
  spec: ServiceContainer;
  host: string;
  password: string;
}

export interface WaitOptions {
  timeoutMs: number;
  intervalMs?: number;
}

/** Resolves with `undefined` once ready, or with the reason it is not (dead, or still not ready at the deadline). */
export async function waitUntilReady(docker: Docker, target: ProbeTarget, options: WaitOptions): Promise<string | undefined> {
  const deadline = Date.now() + options.timeoutMs;
  const intervalMs = options.intervalMs ?? 200;
  let reason = 'not probed';
  for (;;) {
    const began = Date.now();
    const state = await docker.getContainer(target.container).inspect().then((info) => info.State, (err: unknown) => ({ Status: `missing (${messageOf(err)})`, Running: false }));
    if (!state.Running) return `${target.container} container is not running: ${state.Status}`;
    try {
      if (await probeOnce(docker, target)) return undefined;
      reason = `${target.container} container is not ready: starting`;
    } catch (err) {
      reason = `${target.container} container is not ready: ${messageOf(err)}`;
    }
    if (Date.now() >= deadline) return reason;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, intervalMs - (Date.now() - began))));
  }
}

/** One probe; resolves true when the service answers as expected. */
export async function probeOnce(docker: Docker, target: ProbeTarget): Promise<boolean> {
  const probe = target.spec.probe;
  switch (probe.kind) {
    case 'running':
      return true;
    case 'sql': {
      const client = await connect({ host: target.host, port: probe.port, password: target.password, connectTimeoutMs: 1_000 });
      await client.end().catch(() => undefined);
      return true;
    }
    case 'tcp':
      return tcpConnect(target.host, probe.port);
    case 'http': {
      const response = await fetch(probe.url, { method: 'HEAD', headers: probe.headers, signal: AbortSignal.timeout(1_000) });
      return response.status === 200;
    }
    case 'exec':
      return execCheck(docker, target.container, target.spec.healthcheck ?? []);
  }
}

function tcpConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1_000 });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** Runs a Docker health check command (`CMD ...` or `CMD-SHELL ...`) in the container. */
async function execCheck(docker: Docker, container: string, test: string[]): Promise<boolean> {
  const [form, ...rest] = test;
  const cmd = form === 'CMD-SHELL' ? ['/bin/sh', '-c', rest.join(' ')] : form === 'CMD' ? rest : test;
  if (cmd.length === 0) return true;
  const exec = await docker.getContainer(container).exec({ Cmd: cmd, AttachStdout: true, AttachStderr: true });
  const stream = await exec.start({ hijack: true, stdin: false });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      stream.destroy();
      resolve();
    }, 2_000);
    stream.on('data', () => undefined);
    stream.once('end', () => {
      clearTimeout(timer);
      resolve();
    });
    stream.once('error', () => resolve());
  });
  const result = await exec.inspect();
  return result.ExitCode === 0;
}
