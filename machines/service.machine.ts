/**
 * One service of the local stack. Instances live in the `stack` stream, keyed by the event's
 * `service` field, so `supabase events --stream stack` tells the whole story in order.
 */
import { setup } from 'xstate';
import { xstateGuards, xstateUpdates, type EventCatalog, type MachineDefinition } from './kit/machine-kit.js';

/** The services of the local stack, by the names the journal and `status` use. */
export const STACK_SERVICES = [
  'db',
  'auth',
  'rest',
  'realtime',
  'storage',
  'imgproxy',
  'kong',
  'inbucket',
  'studio',
  'pg-meta',
  'edge-runtime',
  'analytics',
  'vector',
  'pooler',
] as const;

export type StackService = (typeof STACK_SERVICES)[number];

export interface ServiceContext {
  /** The last thing said about the service: an error, a health status, why it is unavailable. */
  detail: string | null;
}

type Detail = { service?: string; detail?: string };
export type ServiceEvent =
  | ({ type: 'SERVICE_EXCLUDED' } & Detail)
  | ({ type: 'SERVICE_UNAVAILABLE' } & Detail)
  | ({ type: 'SERVICE_STARTING' } & Detail)
  | ({ type: 'SERVICE_HEALTHY' } & Detail)
  | ({ type: 'SERVICE_UNHEALTHY' } & Detail)
  | ({ type: 'SERVICE_FAILED' } & Detail)
  | ({ type: 'SERVICE_STOPPED' } & Detail);

const events: EventCatalog<ServiceEvent> = {
  SERVICE_EXCLUDED: 'Left out of this start by -x/--exclude or by its `enabled = false` in config.toml.',
  SERVICE_UNAVAILABLE: 'The native runtime has no such service: it exists only as a container image.',
  SERVICE_STARTING: 'Its container or process was created and started.',
  SERVICE_HEALTHY: 'Its health check passed.',
  SERVICE_UNHEALTHY: 'Its health check failed or timed out; it may still recover.',
  SERVICE_FAILED: 'It exited, could not be created, or status found it dead.',
  SERVICE_STOPPED: 'It was stopped and removed (stop, or clean-up after a failed start).',
};

const guards = {};

const updates = {
  rememberDetail: (_context: ServiceContext, event: ServiceEvent) => ({ detail: event.detail ?? null }),
};

const detail = 'rememberDetail' as const;

// A service that no start ran (excluded, unavailable) has nothing to stop, so `stop` leaves it as
// it is; the next start says afresh what it is, from there as from `stopped`.
const startedAfresh = {
  SERVICE_EXCLUDED: { target: 'excluded', actions: detail, description: `${events.SERVICE_EXCLUDED} (a later start)` },
  SERVICE_UNAVAILABLE: { target: 'unavailable', actions: detail, description: `${events.SERVICE_UNAVAILABLE} (a later start)` },
  SERVICE_STARTING: { target: 'starting', actions: detail, description: `${events.SERVICE_STARTING} (a later start)` },
} as const;

const machine = setup({
  types: {} as { context: ServiceContext; events: ServiceEvent },
  guards: xstateGuards<ServiceContext, ServiceEvent>(guards),
  actions: xstateUpdates<ServiceContext, ServiceEvent>(updates),
}).createMachine({
  id: 'service',
  description: 'One service of the local stack (db, auth, rest, realtime, storage, ...).',
  initial: 'stopped',
  context: { detail: null },
  states: {
    stopped: {
      description: 'Not running.',
      on: {
        SERVICE_EXCLUDED: { target: 'excluded', actions: detail, description: events.SERVICE_EXCLUDED },
        SERVICE_UNAVAILABLE: { target: 'unavailable', actions: detail, description: events.SERVICE_UNAVAILABLE },
        SERVICE_STARTING: { target: 'starting', actions: detail, description: events.SERVICE_STARTING },
      },
    },
    excluded: {
      description: 'Not part of this start (-x/--exclude, or disabled in config.toml); status leaves it out.',
      on: { ...startedAfresh, SERVICE_STOPPED: { target: 'stopped', actions: detail, description: events.SERVICE_STOPPED } },
    },
    unavailable: {
      description: 'Not available on the native runtime (container image only); reported as such, never faked.',
      on: { ...startedAfresh, SERVICE_STOPPED: { target: 'stopped', actions: detail, description: events.SERVICE_STOPPED } },
    },
    starting: {
      description: 'Started; waiting for its health check.',
      on: {
        SERVICE_HEALTHY: { target: 'healthy', actions: detail, description: events.SERVICE_HEALTHY },
        SERVICE_UNHEALTHY: { target: 'unhealthy', actions: detail, description: events.SERVICE_UNHEALTHY },
        SERVICE_FAILED: { target: 'failed', actions: detail, description: events.SERVICE_FAILED },
        SERVICE_STOPPED: { target: 'stopped', actions: detail, description: events.SERVICE_STOPPED },
      },
    },
    healthy: {
      description: 'Running and answering its health check.',
      on: {
        SERVICE_UNHEALTHY: { target: 'unhealthy', actions: detail, description: events.SERVICE_UNHEALTHY },
        SERVICE_FAILED: { target: 'failed', actions: detail, description: events.SERVICE_FAILED },
        SERVICE_STOPPED: { target: 'stopped', actions: detail, description: events.SERVICE_STOPPED },
      },
    },
    unhealthy: {
      description: 'Running but not answering its health check.',
      on: {
        SERVICE_HEALTHY: { target: 'healthy', actions: detail, description: events.SERVICE_HEALTHY },
        SERVICE_FAILED: { target: 'failed', actions: detail, description: events.SERVICE_FAILED },
        SERVICE_STOPPED: { target: 'stopped', actions: detail, description: events.SERVICE_STOPPED },
      },
    },
    failed: {
      description: 'Exited or could not be created.',
      on: {
        SERVICE_STARTING: { target: 'starting', actions: detail, description: 'Restarted.' },
        SERVICE_STOPPED: { target: 'stopped', actions: detail, description: events.SERVICE_STOPPED },
      },
    },
  },
});

/** The per-service machine with its tables, for the fold, the diagrams and the tests. */
export const serviceDefinition: MachineDefinition<ServiceContext, ServiceEvent> = {
  name: 'service',
  description: 'One service of the local stack: excluded, unavailable, stopped, starting, healthy, unhealthy, failed.',
  machine,
  guards,
  updates,
  events,
  binding: { stream: 'stack', keyField: 'service' },
  behaviourContext: [],
  sampleEvents: (Object.keys(events) as Array<ServiceEvent['type']>).map((type) => ({ type, service: 'db', detail: `${type} detail` })),
};
