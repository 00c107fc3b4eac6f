/**
 * The local stack as later commands read it (start, stop, status): the overall state and every
 * service's, from the `stack` stream. Pure over a fold; `status` compares this with reality and
 * records the differences as events (see tasks/orchestration/record-observations.ts).
 */
import { STACK_SERVICES, type StackService } from '../../service.machine.js';
import type { FoldState } from '../fold.js';
import { leafState, topState, viewOf } from '../state-view.js';

export type StackState = 'stopped' | 'starting' | 'running' | 'failed' | 'stopping';
export type ServiceState = 'excluded' | 'unavailable' | 'stopped' | 'starting' | 'healthy' | 'unhealthy' | 'failed';

/** One service as the journal knows it. */
export interface ServiceProjection {
  name: StackService;
  state: ServiceState;
  /** The last error, health status or reason recorded for it. */
  detail: string | null;
}

/** The stack as the journal knows it. */
export interface StackProjection {
  state: StackState;
  /** The exact machine state, e.g. `running.healthCheckIgnored` or `stopped.dataKept`. */
  value: string;
  /** Running with --ignore-health-check after a health timeout. */
  healthCheckIgnored: boolean;
  /** Stopped with the database volume kept (the next start resumes from it). */
  dataKept: boolean;
  /** A task is under way (or was, when read without the operation lock). */
  inFlight: boolean;
  excluded: string[];
  runtime: string | null;
  unhealthy: string[];
  error: string | null;
  services: Record<StackService, ServiceProjection>;
  /** Sequence number of the last event about the stack (0: never recorded). */
  lastSeq: number;
}

/** The stack projection of a fold. */
export function stackProjection(fold: FoldState): StackProjection {
  const view = viewOf(fold, 'stack');
  const context = view.snapshot.context as {
    excluded: string[];
    runtime: string | null;
    unhealthy: string[];
    error: string | null;
  };
  const services = Object.fromEntries(
    STACK_SERVICES.map((name) => {
      const service = viewOf(fold, 'stack', name);
      return [name, { name, state: leafState(service.snapshot.value) as ServiceState, detail: (service.snapshot.context.detail as string | null) ?? null }];
    }),
  ) as Record<StackService, ServiceProjection>;
  return {
    state: topState(view.snapshot.value) as StackState,
    value: view.snapshot.value,
    healthCheckIgnored: view.snapshot.value === 'running.healthCheckIgnored',
    dataKept: view.snapshot.value === 'stopped.dataKept',
    inFlight: view.meta.task !== undefined,
    excluded: [...context.excluded],
    runtime: context.runtime,
    unhealthy: [...context.unhealthy],
    error: context.error,
    services,
    lastSeq: fold.streams.stack?.lastSeq ?? 0,
  };
}

/** Whether the journal tells of a stack that is up (started, health checks heeded or ignored), not failed or half started. */
export function stackUp(stack: StackProjection): boolean {
  return stack.state === 'running';
}

/** The services the journal last saw answer (recorded healthy). */
export function answeringServices(stack: StackProjection): Set<StackService> {
  return new Set(Object.values(stack.services).filter((service) => service.state === 'healthy').map((service) => service.name));
}

/** Whether the journal's last word on the stack is a failed start (the machine's `failed` state). */
export function stackFailed(stack: StackProjection): boolean {
  return stack.state === 'failed';
}
