/**
 * PostgreSQL refuses to run as root. When we are root, the server (and initdb) run as an
 * unprivileged user instead: SUPABASE_NATIVE_USER if set, else an existing `postgres` user, else
 * a system user `supabase-postgres` that we create with useradd. As a normal user, nothing changes.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { TaskError, messageOf } from '../task-error.js';

const run = promisify(execFile);

/** The identity child processes switch to. */
export interface RunAs {
  name: string;
  uid: number;
  gid: number;
}

const CREATED_USER = 'supabase-postgres';

/** Undefined when not root; otherwise the user to run PostgreSQL as (created when missing). */
export async function serviceUser(env: NodeJS.ProcessEnv = process.env): Promise<RunAs | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const wanted = env.SUPABASE_NATIVE_USER?.trim();
  if (wanted) {
    const found = await lookupUser(wanted);
    if (!found) throw new TaskError(`SUPABASE_NATIVE_USER names a user that does not exist: ${wanted}`);
    return found;
  }
  const existing = (await lookupUser('postgres')) ?? (await lookupUser(CREATED_USER));
  if (existing) return existing;
  try {
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', CREATED_USER]);
  } catch (err) {
    // A parallel command may have created it in the meantime.
    const raced = await lookupUser(CREATED_USER);
    if (raced) return raced;
    throw new TaskError(
      `failed to create the user ${CREATED_USER} to run PostgreSQL as (it refuses to run as root): ${messageOf(err)}`,
      'Create an unprivileged user and set SUPABASE_NATIVE_USER to its name, or run as a normal user.',
      { cause: err },
    );
  }
  const created = await lookupUser(CREATED_USER);
  if (!created) throw new TaskError(`failed to find the user ${CREATED_USER} after creating it`);
  return created;
}

/** Reads /etc/passwd, falling back to getent for users that come from elsewhere (LDAP, say). */
async function lookupUser(name: string): Promise<RunAs | undefined> {
  const fromLine = (line: string): RunAs | undefined => {
    const [user, , uid, gid] = line.split(':');
    return user === name && uid && gid ? { name, uid: Number(uid), gid: Number(gid) } : undefined;
  };
  try {
    for (const line of (await readFile('/etc/passwd', 'utf8')).split('\n')) {
      const found = fromLine(line);
      if (found) return found;
    }
  } catch {
    // No readable /etc/passwd: getent below.
  }
  try {
    const { stdout } = await run('getent', ['passwd', name]);
    return fromLine(stdout.trim());
  } catch {
    return undefined;
  }
}
