/**
 * The docker runtime's initial schema on PostgreSQL 15 (the original's schema.sql): migrations/docker/00-settings.sql,
 * migrations/bootstrap/04-functions.sql (the webhooks' schema, shared with the native runtime) and
 * migrations/docker/02-pg-net-access.sql as one psql script. The db container's entrypoint writes it to
 * /etc/postgresql.schema.sql, where the platform image's init runs it as supabase_admin: the CLI never
 * needs more rights than postgres has there.
 */
import { readFileSync } from 'node:fs';
import { packageFileSync } from '../package-folder.js';

const PARTS = ['migrations/docker/00-settings.sql', 'migrations/bootstrap/04-functions.sql', 'migrations/docker/02-pg-net-access.sql'];

/** The heredoc's end line; the script must never hold it on a line of its own. */
export const SCHEMA_DELIMITER = 'SUPABASE_INITIAL_SCHEMA';

let cached: string | undefined;

/** The script's text (read once: container specs are built synchronously). */
export function initialSchema(): string {
  cached ??= PARTS.map((part) => readFileSync(packageFileSync(part), 'utf8').trimEnd()).join('\n\n') + '\n';
  if (cached.split('\n').includes(SCHEMA_DELIMITER)) throw new Error(`the initial schema holds its heredoc delimiter ${SCHEMA_DELIMITER}`);
  return cached;
}

/**
 * The db container's shell line: the schema and the pgsodium root key written where the image
 * looks for them, then the image's own entrypoint. `rootKey` must be hexadecimal (checked by the caller).
 */
export function initialSchemaEntrypoint(rootKey: string): string {
  return [
    `cat <<'${SCHEMA_DELIMITER}' > /etc/postgresql.schema.sql && printf '%s' '${rootKey}' > /etc/postgresql-custom/pgsodium_root.key && exec docker-entrypoint.sh postgres -D /etc/postgresql`,
    initialSchema().trimEnd(),
    SCHEMA_DELIMITER,
    '',
  ].join('\n');
}
