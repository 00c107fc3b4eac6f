/**
 * The rows of `realtime.subscription` as realtime v2.25.50 writes them
 * (PostgresCdcRls.Subscriptions): one per table of the `supabase_realtime` publication that a
 * binding names (schema and table matched with `like`, `*` meaning any), keyed by the binding's
 * uuid, holding its filters and the subscriber's JWT claims, from which the table's generated
 * `claims_role` comes. realtime.apply_rls reads them to decide who sees a change. All of a join's
 * bindings are written in one transaction: one bad binding writes none.
 */
import type pg from 'pg';
import { errorTuple, inspect } from '../elixir-inspect.js';
import { parseSubscriptionParams } from './subscription-params.js';

export const PUBLICATION = 'supabase_realtime';

const INSERT_SQL = `
with sub_tables as (
  select rr.entity
  from pg_catalog.pg_publication_tables pub,
    lateral (select format('%I.%I', pub.schemaname, pub.tablename)::regclass entity) rr
  where pub.pubname = $1
    and pub.schemaname like (case $2 when '*' then '%' else $2 end)
    and pub.tablename like (case $3 when '*' then '%' else $3 end)
)
insert into realtime.subscription as x (subscription_id, entity, filters, claims)
select $4::text::uuid, sub_tables.entity,
  array(select (f ->> 0, (f ->> 1)::realtime.equality_op, f ->> 2)::realtime.user_defined_filter from jsonb_array_elements($6::jsonb) f),
  $5::jsonb
from sub_tables
on conflict (subscription_id, entity, filters) do update set claims = excluded.claims, created_at = now()
returning id`;

export interface Binding {
  /** The subscription_id of its rows. */
  uuid: string;
  /** What the client sent: `{event, schema, table, filter}`. */
  params: Record<string, unknown>;
}

/**
 * Writes the rows of `bindings` for a subscriber with `claims`; answers undefined, or the error
 * realtime inspects into its "Subscribing to PostgreSQL failed: ..." message.
 */
export async function createSubscriptions(pool: pg.Pool, bindings: readonly Binding[], claims: Record<string, unknown>): Promise<string | undefined> {
  const client = await pool.connect();
  let failure: string | undefined;
  try {
    await client.query('begin');
    for (const binding of bindings) {
      const parsed = parseSubscriptionParams(binding.params);
      if ('error' in parsed) {
        failure = parsed.error;
        break;
      }
      try {
        const result = await client.query(INSERT_SQL, [PUBLICATION, parsed.schema, parsed.table, binding.uuid, JSON.stringify(claims), JSON.stringify(parsed.filters)]);
        if ((result.rowCount ?? 0) === 0) {
          failure = `Subscription insert failed with 0 rows. Check that tables are part of publication ${PUBLICATION} and subscription params are correct: ${inspect(binding.params)}`;
          break;
        }
      } catch (error) {
        failure = `Subscription insert failed with error: ${(error as Error).message}. Check that tables are part of publication ${PUBLICATION} and subscription params are correct: ${inspect(binding.params)}`;
        break;
      }
    }
    await client.query(failure === undefined ? 'commit' : 'rollback');
    client.release();
  } catch (error) {
    client.release(error as Error);
    return inspect(errorTuple((error as Error).message));
  }
  return failure === undefined ? undefined : inspect(errorTuple(failure));
}

/** Deletes the rows of the given subscription ids (a channel left, a socket closed). */
export async function deleteSubscriptions(pool: pg.Pool, uuids: readonly string[]): Promise<void> {
  if (uuids.length === 0) return;
  await pool.query('delete from realtime.subscription where subscription_id = any($1::uuid[])', [uuids]);
}

/** Deletes every row: a fresh start has no subscriber yet (realtime's maybe_delete_all). */
export async function deleteAllSubscriptions(pool: pg.Pool): Promise<void> {
  await pool.query(`do $$ begin
    if exists (select 1 from pg_tables where schemaname = 'realtime' and tablename = 'subscription') then delete from realtime.subscription; end if;
  end $$`);
}
