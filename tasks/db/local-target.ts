/** The local stack's database as the recoveries reach it: 127.0.0.1 at `[db] port`, whatever the runtime. */
import { localDbUrl } from '../keys/status-values.js';
import { portAnswers } from '../net/port-answers.js';
import type { ProjectConfig } from '../project/config.types.js';

/** The local database's URL. */
export function localDatabaseUrl(config: Pick<ProjectConfig, 'db'>): string {
  return localDbUrl({ hostname: '127.0.0.1', db: config.db });
}

/** Whether the local database's port answers. */
export function localDatabaseAnswers(config: Pick<ProjectConfig, 'db'>): Promise<boolean> {
  return portAnswers('127.0.0.1', config.db.port);
}
