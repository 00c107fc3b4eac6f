/**
 * The local stack as a whole: what `start`, `stop` and `status` change (start skips what
 * already runs, stop keeps the data unless told otherwise, status reports what it finds). Each
 * service has its own small machine (service.machine.ts), keyed by name inside the same stream.
 */
import { setup } from 'xstate';
import { INTERRUPTED, xstateGuards, xstateUpdates, type EventCatalog, type MachineDefinition } from './kit/machine-kit.js';

export interface StackContext {
  ignoreHealthCheck: boolean;
  /** Services left out with -x/--exclude. */
  excluded: string[];
  /** `docker` or `native`, as chosen by the start that is running or ran last. */
  runtime: string | null;
  /** Services that missed the health check deadline. */
  unhealthy: string[];
  /** Why the stack is failed, for status and for the next command's message. */
  error: string | null;
}

export type StackEvent =
  | { type: 'START'; ignoreHealthCheck?: boolean; excluded?: string[]; runtime?: string }
  | { type: 'STARTED' }
  | { type: 'HEALTH_TIMEOUT'; services?: string[] }
  | { type: 'START_FAILED'; error?: string }
  | { type: 'STOP'; backup?: boolean }
  | { type: 'STOPPED'; dataKept?: boolean }
  | { type: 'DATA_DELETED' }
  | { type: 'STOP_FAILED'; error?: string }
  | { type: 'LOST'; reason?: string }
  | { type: 'INTERRUPTED' };

const events: EventCatalog<StackEvent> = {
  START: 'supabase start was asked for (with its -x and --ignore-health-check choices).',
  STARTED: 'The database passed its health check, and so did every other started service but those left to finish loading on their own (postgres-meta on the native runtime).',
  HEALTH_TIMEOUT: 'Some services were not healthy within the deadline (30 s after the containers started).',
  START_FAILED: 'Start failed: a service could not be created, the database could not be set up, or a port was taken.',
  STOP: 'supabase stop was asked for; backup=false is --no-backup.',
  STOPPED: 'Every container or process of the project is stopped and removed.',
  DATA_DELETED: 'The data volumes were deleted (stop --no-backup); the next start initialises a new database.',
  STOP_FAILED: 'Stop could not remove everything.',
  LOST: 'status found the database gone although the journal says running (removed outside the tool).',
  INTERRUPTED: 'The command that was starting or stopping the stack died before it finished.',
};

const guards = {
  ignoresHealthCheck: (context: StackContext) => context.ignoreHealthCheck,
  keepsData: (_context: StackContext, event: StackEvent) => event.type !== 'STOPPED' || event.dataKept !== false,
  noBackupRequested: (_context: StackContext, event: StackEvent) => event.type === 'STOP' && event.backup === false,
};

const updates = {
  rememberStartOptions: (_context: StackContext, event: StackEvent) =>
    event.type === 'START'
      ? {
          ignoreHealthCheck: event.ignoreHealthCheck === true,
          excluded: [...(event.excluded ?? [])],
          runtime: event.runtime ?? null,
          unhealthy: [],
          error: null,
        }
      : {},
  rememberUnhealthy: (_context: StackContext, event: StackEvent) =>
    event.type === 'HEALTH_TIMEOUT' ? { unhealthy: [...(event.services ?? [])] } : {},
  rememberError: (_context: StackContext, event: StackEvent) => ({
    error:
      'error' in event && typeof event.error === 'string'
        ? event.error
        : event.type === 'HEALTH_TIMEOUT'
          ? 'service not healthy'
          : event.type === 'LOST'
            ? (event.reason ?? 'the database was found gone')
            : event.type === INTERRUPTED
              ? 'interrupted before it finished'
              : 'failed',
  }),
  // The start options describe the running stack; once it is stopped they no longer apply.
  resetAfterStop: () => ({ error: null, unhealthy: [], ignoreHealthCheck: false }),
};

/** STOP from running or failed: --no-backup takes the branch that deletes the data afterwards. */
const stopTransitions = [
  { target: '#stack.stopping.containersNoBackup', guard: 'noBackupRequested', description: `${events.STOP} (--no-backup)` },
  { target: '#stack.stopping.containers', description: events.STOP },
];

const machine = setup({
  types: {} as { context: StackContext; events: StackEvent },
  guards: xstateGuards<StackContext, StackEvent>(guards),
  actions: xstateUpdates<StackContext, StackEvent>(updates),
}).createMachine({
  id: 'stack',
  description: 'The local development stack of this project: containers (docker) or processes (native).',
  initial: 'stopped',
  context: { ignoreHealthCheck: false, excluded: [], runtime: null, unhealthy: [], error: null },
  states: {
    stopped: {
      description: 'Nothing of the project runs.',
      initial: 'noData',
      meta: { refusals: { STOP: 'supabase start is not running.' } },
      on: { START: { target: 'starting', actions: 'rememberStartOptions', description: events.START } },
      states: {
        noData: { description: 'No database volume exists: the next start initialises the database.' },
        dataKept: {
          description: 'The database volume is kept: the next start resumes from it ("Starting database from backup...").',
          on: {
            DATA_DELETED: { target: 'noData', description: events.DATA_DELETED },
            STOP: {
              target: '#stack.stopping.data',
              guard: 'noBackupRequested',
              description: 'stop --no-backup on a stopped stack still deletes the kept data volumes.',
            },
          },
        },
      },
    },
    starting: {
      description: 'Services are being created, the database set up and health checks waited on.',
      meta: { task: 'stack.start', failure: 'START_FAILED' },
      on: {
        STARTED: { target: 'running.healthy', description: events.STARTED },
        HEALTH_TIMEOUT: [
          {
            target: 'running.healthCheckIgnored',
            guard: 'ignoresHealthCheck',
            actions: 'rememberUnhealthy',
            description: 'Health checks timed out but --ignore-health-check was given: the stack runs anyway.',
          },
          { target: 'failed', actions: ['rememberUnhealthy', 'rememberError'], description: events.HEALTH_TIMEOUT },
        ],
        START_FAILED: { target: 'failed', actions: 'rememberError', description: events.START_FAILED },
        INTERRUPTED: { target: 'failed', actions: 'rememberError', description: events.INTERRUPTED },
      },
    },
    running: {
      description: 'The stack runs; start says so and leaves it running, starting again (native runtime) any process of it that has exited.',
      initial: 'healthy',
      meta: { refusals: { START: 'supabase start is already running.' } },
      on: {
        STOP: stopTransitions,
        LOST: { target: 'failed', actions: 'rememberError', description: events.LOST },
      },
      states: {
        healthy: { description: 'Every started service passed its health check.' },
        healthCheckIgnored: {
          description: 'Running with health checks ignored (--ignore-health-check): some services may not answer.',
        },
      },
    },
    failed: {
      description: 'Start failed, or a command died half way: leftovers may remain until a stop cleans them up.',
      meta: {
        recover: { type: 'STOP', backup: true },
        refusals: { START: 'The last start did not finish; supabase stop cleans up before starting again.' },
      },
      on: { STOP: stopTransitions },
    },
    stopping: {
      description: 'The stack is being stopped.',
      initial: 'containers',
      on: {
        STOP_FAILED: { target: 'failed', actions: 'rememberError', description: events.STOP_FAILED },
        INTERRUPTED: { target: 'failed', actions: 'rememberError', description: events.INTERRUPTED },
      },
      states: {
        containers: {
          description: 'Containers (or processes) and the network are being stopped and removed; data volumes stay.',
          meta: { task: 'stack.stop', failure: 'STOP_FAILED' },
          on: {
            STOPPED: [
              { target: '#stack.stopped.dataKept', guard: 'keepsData', actions: 'resetAfterStop', description: events.STOPPED },
              { target: '#stack.stopped.noData', actions: 'resetAfterStop', description: 'Stopped; no data volume was left.' },
            ],
          },
        },
        containersNoBackup: {
          description: 'Containers (or processes) and the network are being stopped and removed; then the data goes (--no-backup).',
          meta: { task: 'stack.stop', failure: 'STOP_FAILED' },
          on: { STOPPED: { target: 'data', description: 'Stopped; --no-backup goes on to delete the data.' } },
        },
        data: {
          description: 'The data volumes are being deleted (--no-backup).',
          meta: { task: 'stack.delete-data', failure: 'STOP_FAILED' },
          on: { DATA_DELETED: { target: '#stack.stopped.noData', actions: 'resetAfterStop', description: events.DATA_DELETED } },
        },
      },
    },
  },
});

/**
 * Whether a START the machine refused found the stack up (any state inside `running`): `start` and
 * `db start` then say it is already running and succeed, as the original does, rather than fail.
 */
export function startFoundRunning(value: string): boolean {
  return value === 'running' || value.startsWith('running.');
}

/** The stack machine with its tables, for the fold, the diagrams and the tests. */
export const stackDefinition: MachineDefinition<StackContext, StackEvent> = {
  name: 'stack',
  description: 'The local stack: stopped -> starting -> running (or running with health checks ignored), failed -> stopping -> stopped.',
  machine,
  guards,
  updates,
  events,
  binding: { stream: 'stack' },
  behaviourContext: ['ignoreHealthCheck'],
  sampleEvents: [
    { type: 'START' },
    { type: 'START', ignoreHealthCheck: true, excluded: ['studio'], runtime: 'docker' },
    { type: 'STARTED' },
    { type: 'HEALTH_TIMEOUT', services: ['supabase_studio_demo'] },
    { type: 'START_FAILED', error: 'port is already allocated' },
    { type: 'STOP' },
    { type: 'STOP', backup: false },
    { type: 'STOPPED' },
    { type: 'STOPPED', dataKept: false },
    { type: 'DATA_DELETED' },
    { type: 'STOP_FAILED', error: 'cannot remove network' },
    { type: 'LOST', reason: 'supabase_db_demo is not running' },
    { type: 'INTERRUPTED' },
  ],
};
