/**
 * Test support: temporary project folders, a native home shared by the suites (so the cluster
 * template is built once per machine, not once per suite), and free ports.
 */
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../tasks/native/port-check.js';

/** A native home outside any project, readable by the unprivileged user the server runs as. */
export async function sharedNativeHome(): Promise<string> {
  const home = path.join(os.tmpdir(), `supabase-native-tests-${process.getuid?.() ?? 'user'}`);
  await mkdir(home, { recursive: true, mode: 0o755 });
  await chmod(home, 0o755);
  return home;
}

/** An environment for the runtime: the test home, nothing from the caller's SUPABASE_NATIVE_*. */
export async function nativeTestEnv(extra: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { ...process.env, SUPABASE_NATIVE_HOME: await sharedNativeHome(), ...extra };
  for (const name of ['SUPABASE_AUTH_JWT_SECRET', 'SUPABASE_AUTH_ANON_KEY', 'SUPABASE_AUTH_SERVICE_ROLE_KEY', 'SUPABASE_RUNTIME']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

/** A new empty folder whose name becomes the project id. */
export async function tempDir(prefix = 'proj'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  return dir;
}

/** Removes a folder made by tempDir. */
export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export { freePort };

/**
 * config.toml text with free ports for the services the native stack runs beside its database:
 * the API port (the gateway), the studio port (the local platform API) and the inbucket web and
 * SMTP ports (the mail catcher). A test's stack must never depend on another stack on the machine
 * leaving a default port free.
 */
export async function withFreeServicePorts(text: string): Promise<string> {
  return text
    .replace(/^port = 54321$/m, `port = ${await freePort()}`)
    .replace(/^port = 54323$/m, `port = ${await freePort()}`)
    .replace(/^port = 54324$/m, `port = ${await freePort()}`)
    .replace(/^# smtp_port = 54325$/m, `smtp_port = ${await freePort()}`);
}

/** SUPABASE_PG_META_PORT set to a free port whose next port is free too (pg-meta's metrics take it). */
export async function pgMetaPortEnv(): Promise<NodeJS.ProcessEnv> {
  const { isPortInUse } = await import('../../../tasks/native/port-check.js');
  for (;;) {
    const port = await freePort();
    if (port < 65535 && !(await isPortInUse(port + 1))) return { SUPABASE_PG_META_PORT: String(port) };
  }
}
