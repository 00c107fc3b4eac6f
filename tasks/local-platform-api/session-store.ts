/**
 * Sessions of the local platform API. A token is 32 random bytes handed to the browser once;
 * the server keeps only its SHA-256, in memory and in a 0600 file, so a restart keeps people
 * signed in and a leaked file does not hand out working tokens.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmod, readFile, rename, writeFile } from 'node:fs/promises';

/** How long a session lasts; the docs site asks the developer to sign in again afterwards. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

interface StoredSession {
  hash: string;
  expiresAt: number;
}

/** A session just created: the token is returned here and nowhere else. */
export interface NewSession {
  token: string;
  expiresIn: number;
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Sessions backed by a file; create with `SessionStore.open`. */
export class SessionStore {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string,
    private readonly sessions: Map<string, number>,
    private readonly now: () => number,
  ) {}

  /** Loads the sessions file (a missing or unreadable one means no sessions yet). */
  static async open(file: string, now: () => number = Date.now): Promise<SessionStore> {
    const sessions = new Map<string, number>();
    try {
      const stored = JSON.parse(await readFile(file, 'utf8')) as { sessions?: StoredSession[] };
      for (const entry of stored.sessions ?? []) {
        if (typeof entry.hash === 'string' && typeof entry.expiresAt === 'number' && entry.expiresAt > now()) sessions.set(entry.hash, entry.expiresAt);
      }
    } catch {
      // First launch, or a file torn by a kill: starting empty only means signing in again.
    }
    return new SessionStore(file, sessions, now);
  }

  /** Starts a session and persists it before the token is handed out. */
  async create(): Promise<NewSession> {
    const token = randomBytes(32).toString('base64url');
    this.sessions.set(hashOf(token), this.now() + SESSION_LIFETIME_MS);
    await this.persist();
    return { token, expiresIn: Math.floor(SESSION_LIFETIME_MS / 1000) };
  }

  /** Whether a token belongs to a live session. */
  isValid(token: string): boolean {
    const expiresAt = this.sessions.get(hashOf(token));
    return expiresAt !== undefined && expiresAt > this.now();
  }

  /** Ends a session; true when it existed. */
  async revoke(token: string): Promise<boolean> {
    const existed = this.sessions.delete(hashOf(token));
    if (existed) await this.persist();
    return existed;
  }

  /** Rewrites the file through a temporary one, so a kill mid-write never leaves half a file. */
  private persist(): Promise<void> {
    const now = this.now();
    const write = async () => {
      const sessions: StoredSession[] = [];
      for (const [hash, expiresAt] of this.sessions) {
        if (expiresAt > now) sessions.push({ hash, expiresAt });
        else this.sessions.delete(hash);
      }
      const temp = `${this.file}.tmp`;
      await writeFile(temp, `${JSON.stringify({ version: 1, sessions })}\n`, { mode: 0o600 });
      await chmod(temp, 0o600);
      await rename(temp, this.file);
    };
    // Writes are chained: two logins at once must not interleave their temporary files.
    this.writing = this.writing.then(write, write);
    return this.writing;
  }
}
