/**
 * When the gateway's in-process services may answer. Each one's prepare (what it loads from the
 * database: REST's schema cache, Realtime's cleanup of a previous run) starts once the gateway is
 * released, and the gateway listens without waiting for them, as PostgREST v12 listens before its
 * schema cache is loaded: `start` is not held up by catalog reads no request needs yet. A request
 * that comes first waits for its service (PostgREST would answer 503 meanwhile), so none is
 * answered from a half-loaded service. A prepare that fails is logged and tried again by the next
 * request, which the service answers with its own "not ready" error until one succeeds.
 */
import type { ApiContext, ApiService } from './api-service.js';
import { NotPrepared } from './not-prepared.js';

export class ServiceReadiness {
  private readonly prepared = new Map<ApiService, Promise<void>>();

  constructor(private readonly context: ApiContext) {}

  /** Starts every service's prepare at once. */
  prepareAll(services: readonly ApiService[]): void {
    for (const service of services) this.whenReady(service).catch(() => undefined);
  }

  /** Resolves once no prepare is running: a service is closed only after what its prepare opened. */
  async settled(): Promise<void> {
    await Promise.allSettled(this.prepared.values());
  }

  /** Resolves once `service` is prepared; rejects with the NotPrepared it answers while it cannot be. */
  whenReady(service: ApiService): Promise<void> {
    let ready = this.prepared.get(service);
    if (ready === undefined) {
      ready = (service.prepare?.(this.context) ?? Promise.resolve()).catch((error: unknown) => {
        this.prepared.delete(service);
        const reason = error instanceof Error ? error.message : String(error);
        this.context.log(`${service.service}: loading from the database failed, tried again at its next request: ${reason}`);
        throw service.unprepared?.() ?? new NotPrepared(503, { message: `${service.service} could not load what it needs from the database; the gateway's log says why` });
      });
      this.prepared.set(service, ready);
    }
    return ready;
  }
}
