/**
 * The Docker Engine API client, built from DOCKER_HOST the way the docker CLI reads it: unset means
 * the local socket, `unix://<path>` another socket, `tcp://host:port` a remote engine (TLS when
 * DOCKER_TLS_VERIFY is set, certificates from DOCKER_CERT_PATH). `ssh://` is not supported yet.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Docker from 'dockerode';
import { TaskError, messageOf } from '../task-error.js';

/** What the original suggests whenever the engine cannot be reached. */
export const DOCKER_SUGGESTION =
  'Docker Desktop is a prerequisite for local development. Follow the official docs to install: https://docs.docker.com/desktop';

/** Where DOCKER_HOST points, parsed. */
export type EngineTarget = { kind: 'unix'; socketPath: string } | { kind: 'tcp'; host: string; port: number; tls: boolean };

/** Parses DOCKER_HOST; throws a TaskError for schemes this build cannot speak. */
export function engineTarget(env: NodeJS.ProcessEnv = process.env): EngineTarget {
  const raw = (env.DOCKER_HOST ?? '').trim();
  if (!raw) return { kind: 'unix', socketPath: '/var/run/docker.sock' };
  if (raw.startsWith('unix://')) return { kind: 'unix', socketPath: raw.slice('unix://'.length) };
  if (raw.startsWith('tcp://') || raw.startsWith('http://') || raw.startsWith('https://')) {
    const url = new URL(raw.replace(/^tcp:/, 'http:'));
    const tls = raw.startsWith('https://') || Boolean(env.DOCKER_TLS_VERIFY);
    return { kind: 'tcp', host: url.hostname, port: Number(url.port) || (tls ? 2376 : 2375), tls };
  }
  if (raw.startsWith('ssh://')) {
    throw new TaskError(
      `DOCKER_HOST=${raw}: ssh:// engines are not supported by this build`,
      'Forward the remote socket instead, e.g. `ssh -NL /tmp/docker.sock:/var/run/docker.sock <host>`, then set DOCKER_HOST=unix:///tmp/docker.sock',
    );
  }
  throw new TaskError(`DOCKER_HOST=${raw} is not a unix://, tcp:// or ssh:// address`, DOCKER_SUGGESTION);
}

/** A dockerode client for the engine DOCKER_HOST names. */
export function dockerClient(env: NodeJS.ProcessEnv = process.env, timeoutMs?: number): Docker {
  const target = engineTarget(env);
  if (target.kind === 'unix') return new Docker({ socketPath: target.socketPath, timeout: timeoutMs });
  const certDir = env.DOCKER_CERT_PATH;
  const read = (name: string): Buffer | undefined => (certDir ? readFileSync(path.join(certDir, name)) : undefined);
  return new Docker({
    host: target.host,
    port: target.port,
    protocol: target.tls ? 'https' : 'http',
    timeout: timeoutMs,
    ...(target.tls && certDir ? { ca: read('ca.pem'), cert: read('cert.pem'), key: read('key.pem') } : {}),
  });
}

/** Whether an engine answers `/_ping` within `timeoutMs`; `reason` says why not. */
export async function isEngineAvailable(
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 1_000,
): Promise<{ available: true } | { available: false; reason: string }> {
  let docker: Docker;
  try {
    // The modem's own timeout closes a socket that never answers, so nothing keeps the process alive.
    docker = dockerClient(env, timeoutMs);
  } catch (err) {
    return { available: false, reason: messageOf(err) };
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([docker.ping(), timeout]);
    return { available: true };
  } catch (err) {
    return { available: false, reason: `failed to ping docker daemon: ${messageOf(err)}` };
  } finally {
    clearTimeout(timer);
  }
}

/** The HTTP status code of an Engine API error, if it is one. */
export function statusCodeOf(err: unknown): number | undefined {
  const code = (err as { statusCode?: unknown } | undefined)?.statusCode;
  return typeof code === 'number' ? code : undefined;
}
