/**
 * Kysely for the tool's SQL steps, from one place: typed queries over a connection a command
 * already holds, plus the few kysely values the queries use at run time. The CLI bundle
 * (scripts/bundle-cli.js) takes kysely in: loading its ~280 modules one by one costs a command far
 * more than the query itself. Import kysely's run-time values from here; type-only imports from
 * 'kysely' cost nothing.
 */
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';

export { sql } from 'kysely';
export { jsonBuildObject } from 'kysely/helpers/postgres';

/**
 * A kysely instance over `client`, whose "pool" hands out that one client and never closes it:
 * nothing to destroy, the client's owner ends it. Queries run on the caller's session, so they
 * see its transaction and settings.
 */
export function kyselyOn<Database>(client: pg.Client): Kysely<Database> {
  const borrowed = {
    query: (text: string, values: readonly unknown[]) => client.query(text, [...values]),
    // Kysely releases the connection after each query; the client stays open for its owner.
    release: () => undefined,
  };
  const pool: PostgresPool = {
    // Only the (sql, parameters) form of query is called: the dialect has no cursor configured.
    connect: async () => borrowed as unknown as PostgresPoolClient,
    end: async () => undefined,
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
