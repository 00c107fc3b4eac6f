/**
 * Migration history per database target, as later commands read it (`migration list`, `repair`,
 * `db push`). A target is `local`, `linked:<ref>` or `db:<host>:<port>/<database>`; never a URL
 * with its password, because stream names are printed.
 */
import type { FoldState } from '../fold.js';

/** One version against one target. */
export interface MigrationProjection {
  version: string;
  name: string | null;
  /** unknown, absent, localOnly, remoteOnly, both, inserting or deleting. */
  state: string;
  local: boolean | null;
  remote: boolean | null;
}

/** Which database a migration stream is about. */
export type MigrationTarget = { kind: 'local' } | { kind: 'linked'; ref: string } | { kind: 'db-url'; host: string; port: number | string; database: string };

/** The stream of a target's migration history. */
export function migrationsStream(target: MigrationTarget): string {
  switch (target.kind) {
    case 'local':
      return 'migrations:local';
    case 'linked':
      return `migrations:linked:${target.ref}`;
    case 'db-url':
      return `migrations:db:${target.host}:${target.port}/${target.database}`;
  }
}

const PRESENCE: Record<string, [boolean | null, boolean | null]> = {
  unknown: [null, null],
  absent: [false, false],
  localOnly: [true, false],
  remoteOnly: [false, true],
  both: [true, true],
  inserting: [true, false],
  deleting: [null, true],
};

/** The versions recorded for a target, in version order (numeric, as the CLI compares them). */
export function migrationHistoryProjection(fold: FoldState, target: MigrationTarget | string): MigrationProjection[] {
  const stream = typeof target === 'string' ? target : migrationsStream(target);
  return Object.entries(fold.streams[stream]?.instances ?? {})
    .map(([version, snapshot]) => {
      const [local, remote] = PRESENCE[snapshot.value] ?? [null, null];
      return { version, name: (snapshot.context.name as string | null) ?? null, state: snapshot.value, local, remote };
    })
    .sort((a, b) => compareVersions(a.version, b.version));
}

function compareVersions(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}
