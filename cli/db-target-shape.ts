/**
 * The database a command talks to, as db-target.ts resolves it and linked-db.ts builds it for a
 * linked project. Apart from both, because db-target.ts loads linked-db.ts.
 */

export interface DbTarget {
  kind: 'db-url' | 'local' | 'linked';
  /** A connection string with the password percent-encoded. */
  url: string;
  /** Whether the target is this project's local stack database. */
  isLocal: boolean;
}
