/**
 * One migration version against one database target (`migrations:<target>` streams, keyed by
 * `version`): whether it exists as a local file, as a history row, or both (the original keeps
 * one row per version in supabase_migrations.schema_migrations, and repair only edits those rows).
 * `repair --status applied` inserts the row, `--status reverted` deletes it: that rule lives here
 * (REPAIR_EVENT, the in-flight states' tasks and ROW_OUTCOME), the repair task only obeys it.
 */
import { setup } from 'xstate';
import {
  backToOrigin,
  enter,
  failureTransitions,
  originGuards,
  originUpdates,
  xstateGuards,
  xstateUpdates,
  type EventCatalog,
  type MachineDefinition,
  type Params,
} from './kit/machine-kit.js';

export interface MigrationContext {
  /** The part of the file name after `<version>_`, when known. */
  name: string | null;
  origin: string | null;
  error: string | null;
}

type Version = { version?: string; name?: string };
export type MigrationEvent =
  | ({ type: 'OBSERVED'; local?: boolean; remote?: boolean } & Version)
  | ({ type: 'MARK_APPLIED' } & Version)
  | ({ type: 'MARK_REVERTED' } & Version)
  | ({ type: 'ROW_INSERTED' } & Version)
  | ({ type: 'ROW_DELETED' } & Version)
  | ({ type: 'MIGRATION_APPLIED' } & Version)
  | ({ type: 'HISTORY_RESET'; local?: boolean } & Version)
  | ({ type: 'SQUASHED'; into?: string } & Version)
  | ({ type: 'FAILED'; error?: string } & Version)
  | ({ type: 'INTERRUPTED' } & Version);

const events: EventCatalog<MigrationEvent> = {
  OBSERVED: 'The local files and the history table were read: the version is a file, a row, both or neither.',
  MARK_APPLIED: 'migration repair --status applied: insert the version\'s history row.',
  MARK_REVERTED: 'migration repair --status reverted: delete the version\'s history row.',
  ROW_INSERTED: 'The history row was inserted (version, name, statements).',
  ROW_DELETED: 'The history row was deleted.',
  MIGRATION_APPLIED: 'The migration ran and its history row was inserted in the same transaction (db push, migration up, start, db reset).',
  HISTORY_RESET: 'db reset recreated the database: the history table is empty again until the migrations are reapplied.',
  SQUASHED: 'migration squash folded this version\'s file into a later one and deleted the file; a history row stays until repaired.',
  FAILED: 'The statement failed; the transaction rolled back, nothing changed.',
  INTERRUPTED: 'The command died before it knew the outcome; the next read of the history table tells.',
};

const guards = {
  ...originGuards,
  facts: (_context: MigrationContext, event: MigrationEvent, params: Params) =>
    event.type === 'OBSERVED' && (event.local === true) === params?.local && (event.remote === true) === params?.remote,
  hasLocalFile: (_context: MigrationContext, event: MigrationEvent) => event.type === 'HISTORY_RESET' && event.local === true,
};

const updates = {
  ...originUpdates,
  rememberName: (context: MigrationContext, event: MigrationEvent) =>
    typeof event.name === 'string' ? { name: event.name, error: null } : { name: context.name, error: null },
  rememberError: (_context: MigrationContext, event: MigrationEvent) => ({
    error: event.type === 'FAILED' ? (event.error ?? 'failed') : 'interrupted',
  }),
};

const STABLE = { localOnly: [true, false], remoteOnly: [false, true], both: [true, true], absent: [false, false] } as const;

const observed = (Object.entries(STABLE) as Array<[string, readonly [boolean, boolean]]>).map(([state, [local, remote]]) => ({
  target: `.${state}`,
  guard: { type: 'facts', params: { local, remote } },
  actions: ['rememberName', 'clearOrigin'],
  description: `${events.OBSERVED} (${state})`,
}));

// The original's DELETE of a version without a row matches nothing and succeeds: accepted, nothing to run.
const nothingToRevert = (state: string) => ({ target: state, description: `${events.MARK_REVERTED} (no row: nothing to delete)` });

const failure = (origins: string[]) => failureTransitions(origins, events.FAILED, events.INTERRUPTED);
const notRead = 'it has not been read from the history table yet';

const machine = setup({
  types: {} as { context: MigrationContext; events: MigrationEvent },
  guards: xstateGuards<MigrationContext, MigrationEvent>(guards),
  actions: xstateUpdates<MigrationContext, MigrationEvent>(updates),
}).createMachine({
  id: 'migration',
  description: 'One migration version against one database (local, linked or --db-url).',
  initial: 'unknown',
  context: { name: null, origin: null, error: null },
  on: {
    OBSERVED: observed,
    HISTORY_RESET: [
      { target: '.localOnly', guard: 'hasLocalFile', actions: ['rememberName', 'clearOrigin'], description: `${events.HISTORY_RESET} (a local file: pending again)` },
      { target: '.absent', actions: ['rememberName', 'clearOrigin'], description: `${events.HISTORY_RESET} (no local file: gone)` },
    ],
  },
  states: {
    unknown: {
      description: 'Nothing is recorded about this version yet.',
      meta: { refusals: { MARK_APPLIED: notRead, MARK_REVERTED: notRead } },
      on: { MIGRATION_APPLIED: { target: 'both', actions: 'rememberName', description: events.MIGRATION_APPLIED } },
    },
    absent: {
      description: 'Neither a local file nor a history row (a remote-only row was reverted).',
      meta: { refusals: { MARK_APPLIED: 'no local migration file has this version' } },
      on: { MARK_REVERTED: nothingToRevert('absent') },
    },
    localOnly: {
      description: 'A local file that the history table does not list (pending, or reverted).',
      on: {
        MARK_REVERTED: nothingToRevert('localOnly'),
        MARK_APPLIED: enter('inserting', 'localOnly', events.MARK_APPLIED),
        MIGRATION_APPLIED: { target: 'both', actions: 'rememberName', description: events.MIGRATION_APPLIED },
        SQUASHED: { target: 'absent', description: `${events.SQUASHED} (never applied here)` },
      },
    },
    remoteOnly: {
      description: 'A history row without a local file (pull it, or repair --status reverted).',
      meta: { refusals: { MARK_APPLIED: 'no local migration file has this version' } },
      on: { MARK_REVERTED: enter('deleting', 'remoteOnly', events.MARK_REVERTED) },
    },
    both: {
      description: 'A local file and its history row: applied.',
      meta: { refusals: { MARK_APPLIED: 'it is already in the history table; to record it again, repair it with --status reverted first' } },
      on: {
        MARK_REVERTED: enter('deleting', 'both', events.MARK_REVERTED),
        SQUASHED: { target: 'remoteOnly', description: `${events.SQUASHED} (its row stays)` },
      },
    },
    inserting: {
      description: 'Inserting the history row (the history table is created or upgraded first).',
      meta: { task: 'migration.insert-row', failure: 'FAILED' },
      on: { ROW_INSERTED: { target: 'both', actions: ['rememberName', 'clearOrigin'], description: events.ROW_INSERTED }, ...failure(['localOnly']) },
    },
    deleting: {
      description: 'Deleting the history row.',
      meta: { task: 'migration.delete-row', failure: 'FAILED' },
      on: {
        ROW_DELETED: [
          { ...backToOrigin(['both'], events.ROW_DELETED)[0], target: 'localOnly' },
          { ...backToOrigin(['remoteOnly'], events.ROW_DELETED)[0], target: 'absent' },
        ],
        ...failure(['both', 'remoteOnly']),
      },
    },
  },
});

/** The event `migration repair --status <status>` sends for each version it repairs. */
export const REPAIR_EVENT = { applied: 'MARK_APPLIED', reverted: 'MARK_REVERTED' } as const;

/** The history-table change each in-flight state's task makes, and the event that settles it. */
export const ROW_OUTCOME = { 'migration.insert-row': 'ROW_INSERTED', 'migration.delete-row': 'ROW_DELETED' } as const;

/** The per-version migration machine with its tables, for the fold, the diagrams and the tests. */
export const migrationHistoryDefinition: MachineDefinition<MigrationContext, MigrationEvent> = {
  name: 'migration-history',
  description: 'Migration history per version and target: local only, remote only or both; repair applied inserts the row, reverted deletes it.',
  machine,
  guards,
  updates,
  events,
  binding: { stream: 'migrations:<target>', keyField: 'version' },
  behaviourContext: ['origin'],
  sampleEvents: [
    ...(Object.values(STABLE) as Array<readonly [boolean, boolean]>).map(([local, remote]) => ({
      type: 'OBSERVED' as const,
      version: '20240101000000',
      name: 'init',
      local,
      remote,
    })),
    { type: 'MARK_APPLIED', version: '20240101000000' },
    { type: 'MARK_REVERTED', version: '20240101000000' },
    { type: 'ROW_INSERTED', version: '20240101000000', name: 'init' },
    { type: 'ROW_DELETED', version: '20240101000000' },
    { type: 'MIGRATION_APPLIED', version: '20240101000000', name: 'init' },
    { type: 'HISTORY_RESET', version: '20240101000000', name: 'init', local: true },
    { type: 'HISTORY_RESET', version: '20240101000000', local: false },
    { type: 'SQUASHED', version: '20240101000000', into: '20240102000000' },
    { type: 'FAILED', version: '20240101000000', error: 'duplicate key value violates unique constraint' },
    { type: 'INTERRUPTED', version: '20240101000000' },
  ],
};
