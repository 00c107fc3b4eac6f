/**
 * Typed queries over a connection the tool already holds: a kysely instance whose "pool" hands
 * out that one pg client and never closes it (the caller that opened the client ends it).
 * Queries built here run on the same session as the caller's own statements, so they see its
 * transaction and settings.
 */
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** A kysely instance over `client`; nothing to destroy, the client's owner ends it. */
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
