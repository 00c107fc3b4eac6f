/**
 * After an interrupted `test db` that had installed pgTAP for its run: pgTAP is removed again, so
 * the database is left as the run found it. The dead run's session is ended first: killed during
 * its CREATE or DROP EXTENSION, that statement runs on and would commit after the removal (pgTAP
 * back, or gone in the middle of the next run's tests).
 */
import { withUrl } from '../db/connect.js';
import { endDeadSessions } from '../db/orphan-backend.js';
import { localDatabaseAnswers, localDatabaseUrl } from '../db/local-target.js';
import type { OperationRecovery } from '../orchestration/recovery-types.js';
import { dropPgtap } from './pgtap-extension.js';

export const testDbRecovery: OperationRecovery = {
  async ready({ operation, environment }) {
    return operation.params.target !== 'local' || localDatabaseAnswers(await environment.config());
  },
  async run({ operation, environment, step }) {
    const installing = operation.step === 'install pgtap' || operation.done.includes('install pgtap');
    if (!installing || operation.done.includes('remove pgtap')) return { outcome: 'rolled back', detail: 'it had left nothing installed' };
    if (operation.params.target !== 'local') {
      return { outcome: 'left as it is', detail: 'pgTAP may still be installed in that database: drop extension pgtap there if it is' };
    }
    const config = await environment.config();
    await step('remove pgtap', () => withUrl(localDatabaseUrl(config), async (client) => {
      await endDeadSessions(client);
      await dropPgtap(client);
    }));
    return { outcome: 'rolled back', detail: 'pgTAP, installed for the run, is removed' };
  },
};
