/** The journal the journal benches read: a realistic mix of events, written by the store the CLI uses. */
import type { NewEvent } from '../machines/journal/journal-event.js';
import { JournalStore } from '../tasks/journal/journal-store.js';

const SERVICES = ['db', 'auth', 'rest', 'realtime', 'storage', 'kong', 'studio', 'pg-meta'];

/** A realistic mix: stack start/stop cycles with per-service events, migrations, domains, branches. */
export function* workload(): Generator<NewEvent> {
  for (let cycle = 0; ; cycle++) {
    yield { stream: 'stack', type: 'START', data: { ignoreHealthCheck: cycle % 5 === 0, excluded: ['imgproxy'], runtime: 'native' } };
    for (const service of SERVICES) {
      yield { stream: 'stack', type: 'SERVICE_STARTING', data: { service } };
      yield { stream: 'stack', type: 'SERVICE_HEALTHY', data: { service, detail: 'healthy' } };
    }
    yield { stream: 'stack', type: 'STARTED' };
    const version = String(20240101000000 + cycle);
    yield { stream: 'migrations:local', type: 'OBSERVED', data: { version, name: `change_${cycle}`, local: true, remote: false } };
    yield { stream: 'migrations:local', type: 'MARK_APPLIED', data: { version } };
    yield { stream: 'migrations:local', type: 'ROW_INSERTED', data: { version, name: `change_${cycle}` } };
    const ref = `project${String(cycle % 7).padStart(13, '0')}`;
    yield { stream: `custom-hostname:${ref}`, type: 'REVERIFY' };
    yield { stream: `custom-hostname:${ref}`, type: 'REVERIFIED', data: { status: '2_initiated' } };
    yield { stream: `branches:${ref}`, type: 'BRANCH_OBSERVED', data: { branchId: `br-${cycle % 50}`, status: 'MIGRATIONS_PASSED' } };
    yield { stream: 'stack', type: 'STOP', data: { backup: true } };
    for (const service of SERVICES) yield { stream: 'stack', type: 'SERVICE_STOPPED', data: { service } };
    yield { stream: 'stack', type: 'STOPPED' };
  }
}

/** Appends `total` events of the workload to the journal in `directory`, in batches as commands do. */
export function writeJournal(directory: string, total: number): { journal: JournalStore; source: Generator<NewEvent> } {
  const journal = JournalStore.inDirectory(directory);
  const source = workload();
  for (let written = 0; written < total; ) {
    const batch = Array.from({ length: Math.min(5000, total - written) }, () => source.next().value as NewEvent);
    journal.append(batch);
    written += batch.length;
  }
  return { journal, source };
}
