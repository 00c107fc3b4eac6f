/**
 * The warm workers of the native `functions serve`, one per function: started on a function's first
 * request (concurrent first requests share one start), replaced after a crash, and retired all at
 * once when files change, so the next request runs the edited code.
 */
import { FunctionWorker, type WorkerSpec } from './function-worker.js';

export class WorkerPool {
  private readonly workers = new Map<string, Promise<FunctionWorker>>();

  /** `specOf` describes the process for a slug as things stand now (import map, env). */
  constructor(private readonly specOf: (slug: string) => WorkerSpec) {}

  /** A usable worker for `slug`, started if needed; rejects with WorkerBootError when it cannot start. */
  async acquire(slug: string): Promise<FunctionWorker> {
    const current = this.workers.get(slug);
    if (current) {
      const worker = await current.catch(() => undefined);
      if (worker?.usable) return worker;
      if (this.workers.get(slug) !== current) return this.acquire(slug);
    }
    const starting = FunctionWorker.boot(this.specOf(slug));
    this.workers.set(slug, starting);
    // A failed start is forgotten, so the next request tries again (after the user fixed the code).
    starting.catch(() => this.workers.get(slug) === starting && this.workers.delete(slug));
    return starting;
  }

  /** Retires every worker: each stops after its requests in flight, and the next request starts a new one. */
  retireAll(): void {
    const all = [...this.workers.values()];
    this.workers.clear();
    for (const starting of all) void starting.then((worker) => worker.retire(), () => undefined);
  }

  /** Stops every worker now. */
  async closeAll(): Promise<void> {
    const all = [...this.workers.values()];
    this.workers.clear();
    await Promise.all(all.map((starting) => starting.then((worker) => worker.stop(), () => undefined)));
  }
}
