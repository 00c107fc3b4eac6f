/**
 * The `application_name` of this tool's database sessions. It carries the pid of the process that
 * opened the session: a command killed with -9 can leave its backend running (the server notices
 * a lost client only when it next talks to it), and a command that is about to create or drop a
 * database must end such backends, yet never the sessions of another command that still runs.
 * The pid tells the two apart (orphan-backend.ts).
 */

const PREFIX = 'supabase_cli';
/** `supabase_cli/<pid>`, or `supabase_cli_<role>/<pid>` for a session with a purpose of its own. */
const NAME = /^supabase_cli(?:_[a-z]+)?\/(\d+)$/;

/** What SQL LIKE matches every session of this tool by (possibly more: check with sessionOwner). */
export const SESSION_NAME_LIKE = `${PREFIX}%`;

/** The application_name of a session this process opens; `role` marks one apart (typegen, cancel). */
export function sessionName(role?: string): string {
  return `${PREFIX}${role ? `_${role}` : ''}/${process.pid}`;
}

/** The pid of the process that opened a session of this tool, or undefined when the name is not one of ours. */
export function sessionOwner(applicationName: string): number | undefined {
  const match = NAME.exec(applicationName);
  return match ? Number(match[1]) : undefined;
}

/**
 * Whether a session is one of this tool's, pid or not: builds before the pid was added named
 * theirs plain `supabase_cli`, and a journal they wrote may still name such a backend to end.
 */
export function isToolSession(applicationName: string): boolean {
  return applicationName === PREFIX || sessionOwner(applicationName) !== undefined;
}
