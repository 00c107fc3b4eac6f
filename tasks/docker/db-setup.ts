/**
 * First-time set-up of the db container's database, over its published port (facts §4.4): our
 * bootstrap SQL (the same scripts the native runtime's template uses), the project's JWT settings,
 * supabase/roles.sql, then migrations and seed through the shared db tasks.
 */
import { withConnection } from '../db/connect.js';
import { migrateAndSeed } from '../db/migrate-and-seed.js';
import { applyCustomRoles } from '../db/seed.js';
import { bootstrapScripts } from '../native/bootstrap-sql.js';
import { applyProjectSettings } from '../native/project-settings.js';
import type { ProjectConfig } from '../project/config.types.js';
import { TaskError, messageOf } from '../task-error.js';

export interface DbSetupResult {
  migrations: string[];
  seeded: boolean;
}

/** Runs the set-up on a database that was created just now. */
export async function setUpDatabase(
  target: { host: string; root: string; config: ProjectConfig },
  notice: (message: string) => void,
): Promise<DbSetupResult> {
  const { config } = target;
  return withConnection({ host: target.host, port: config.db.port, password: config.db.password, connectTimeoutMs: 2_000 }, async (client) => {
    // Raw SQL: each bootstrap script is a multi-statement file run as it is.
    for (const script of await bootstrapScripts()) {
      try {
        await client.query(script.sql);
      } catch (err) {
        throw new TaskError(`failed to set up the database (migrations/bootstrap/${script.name}): ${messageOf(err)}`, undefined, { cause: err });
      }
    }
    await applyProjectSettings(client, config);
    await applyCustomRoles(client, target.root, notice);
    const result = await migrateAndSeed(client, target.root, { notice });
    return { migrations: result.applied, seeded: result.seeded };
  });
}
