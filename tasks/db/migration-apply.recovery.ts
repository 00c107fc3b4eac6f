/**
 * After an interrupted `migration up`, `db push` or first migrations of a start: every migration
 * commits with its history row or not at all, so nothing is half-applied. On the local database
 * the dead command's session is ended (its transaction rolls back now rather than when its last
 * statement finishes), and the history table is read to record what had committed.
 */
import type { OperationRecovery } from '../orchestration/recovery-types.js';
import { withUrl } from './connect.js';
import { localDatabaseAnswers, localDatabaseUrl } from './local-target.js';
import { listMigrations } from './migration-files.js';
import { observedEvents } from './migration-events.js';
import { appliedVersions } from './migration-history.js';
import { endOrphanBackend } from './orphan-backend.js';

export const migrationApplyRecovery: OperationRecovery = {
  async ready({ operation, environment }) {
    return operation.params.target !== 'local' || localDatabaseAnswers(await environment.config());
  },
  async run({ operation, session, environment, step }) {
    // The migration whose step began last (a later step's params replace an earlier one's).
    const version = typeof operation.params.migration === 'string' ? operation.params.migration : undefined;
    const again = `run ${operation.command ?? 'the command'} again to apply what is left`;
    if (operation.params.target !== 'local') {
      return { outcome: 'left as it is', detail: `each migration commits with its history row or not at all; ${again}` };
    }
    const config = await environment.config();
    const committed = await step('end the interrupted session and read the history', () =>
      withUrl(localDatabaseUrl(config), async (client) => {
        const backend = operation.params.backendPid;
        if (typeof backend === 'number') await endOrphanBackend(client, backend);
        const applied = await appliedVersions(client);
        const local = (await listMigrations(environment.root)).migrations;
        session.append(observedEvents(String(operation.params.stream ?? 'migrations:local'), local, applied, version ? [version] : undefined));
        return version !== undefined && applied.includes(version);
      }),
    );
    if (committed) return { outcome: 'completed', verb: 'Checked', detail: `migration ${version} had committed; ${again}` };
    // Only the unfinished migration rolled back: the ones this command applied before it committed and stay.
    const before = operation.done.filter((name) => name.startsWith('apply ')).length;
    if (before === 0) return { outcome: 'rolled back', detail: again };
    const kept = before === 1 ? 'the migration it had applied before stays applied' : `the ${before} migrations it had applied before stay applied`;
    return { outcome: 'rolled back', verb: 'Rolled back the unfinished migration of', detail: `${kept}; ${again}` };
  },
};
