/**
 * A service that an earlier start left out (`excluded`) or could not run (`unavailable`) accepts
 * nothing but SERVICE_STOPPED in the journal, so a later start that runs it would record its
 * SERVICE_STARTING into the void and `status` would go on calling it excluded. Such services are
 * set back to `stopped` first, just before the start says what they are now.
 */
import { stackProjection } from '../../machines/journal/projections/stack.projection.js';
import type { StackService } from '../../machines/service.machine.js';
import type { Outcome, StepContext } from '../orchestration/orchestration-types.js';

/** Records SERVICE_STOPPED for each of `starting` that an earlier start left excluded or unavailable. */
export function reopenServices(step: Pick<StepContext, 'fold' | 'record'>, starting: Iterable<StackService>): void {
  const services = stackProjection(step.fold()).services;
  const stale = [...starting].filter((name) => services[name].state === 'excluded' || services[name].state === 'unavailable');
  if (stale.length > 0) step.record(stale.map((service): Outcome => ({ type: 'SERVICE_STOPPED', data: { service, detail: 'started again' } })));
}
