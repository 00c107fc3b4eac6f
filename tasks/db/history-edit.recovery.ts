/**
 * After an interrupted history edit (`migration repair`, or the history rows `db pull` writes): the
 * change is one transaction, so it either committed or not. On the local database the table is read
 * and what it says is recorded.
 */
import type { OperationRecovery } from '../orchestration/recovery-types.js';
import { withUrl } from './connect.js';
import { localDatabaseAnswers, localDatabaseUrl } from './local-target.js';
import { listMigrations } from './migration-files.js';
import { observedEvents } from './migration-events.js';
import { appliedVersions } from './migration-history.js';
import { endOrphanBackend } from './orphan-backend.js';

export const historyEditRecovery: OperationRecovery = {
  async ready({ operation, environment }) {
    return operation.params.target !== 'local' || localDatabaseAnswers(await environment.config());
  },
  async run({ operation, session, environment, step }) {
    const versions = Array.isArray(operation.params.versions) ? operation.params.versions.map(String) : [];
    if (operation.params.target !== 'local') {
      return { outcome: 'left as it is', detail: 'the history change commits as a whole or not at all; run supabase migration list to see which' };
    }
    const config = await environment.config();
    const applied = await step('read the history table', () =>
      withUrl(localDatabaseUrl(config), async (client) => {
        if (typeof operation.params.backendPid === 'number') await endOrphanBackend(client, operation.params.backendPid);
        return appliedVersions(client);
      }),
    );
    const local = (await listMigrations(environment.root)).migrations;
    session.append(observedEvents(String(operation.params.stream ?? 'migrations:local'), local, applied, versions.length > 0 ? versions : undefined));
    const wanted = operation.params.status === 'reverted' ? (version: string) => !applied.includes(version) : (version: string) => applied.includes(version);
    if (versions.length === 0) return { outcome: 'completed', verb: 'Checked', detail: 'the history table is recorded as it stands' };
    return versions.every(wanted) ? { outcome: 'completed', detail: 'the history table had been updated' } : { outcome: 'rolled back', detail: 'the history table is as it was' };
  },
};
