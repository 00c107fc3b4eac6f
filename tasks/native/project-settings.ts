/**
 * Per-project settings applied to a cluster made from the shared template: the values that
 * differ between projects, which therefore cannot live in the template (the
 * original sets app.settings.jwt_secret and jwt_exp on the postgres database).
 */
import type pg from 'pg';
import type { ProjectConfig } from '../project/config.types.js';

/** Sets the JWT settings that SQL functions of real projects read with current_setting(). */
export async function applyProjectSettings(client: pg.Client, config: ProjectConfig): Promise<void> {
  const secret = client.escapeLiteral(config.auth.jwt_secret);
  const expiry = client.escapeLiteral(String(config.auth.jwt_expiry));
  // Raw SQL: kysely has no ALTER DATABASE; both settings go as one two-statement script.
  await client.query(
    `ALTER DATABASE postgres SET "app.settings.jwt_secret" TO ${secret};\n` +
      `ALTER DATABASE postgres SET "app.settings.jwt_exp" TO ${expiry};`,
  );
}
