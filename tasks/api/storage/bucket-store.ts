/**
 * storage.buckets as storage-api v0.46.4 reads and writes it (its knex database adapter), in the
 * request's transaction, so the project's policies on the table apply to the request's role. The
 * owner goes in `owner_id` as given and in the deprecated `owner` only when it is a UUID. Rows are
 * answered in the shape of its bucket schema (timestamps as ISO text, a null owner as "").
 */
import type { Bucket } from '../../storage/storage-api.js';
import { bucketNotFound } from './storage-error.js';
import type { StorageTx } from './storage-transaction.js';

/** A bucket as storage-api answers it: the shape the CLI's storage client reads. */
export type BucketJson = Bucket;

export interface NewBucket {
  id: string;
  name: string;
  owner?: string;
  public: boolean;
  /** undefined: the column's default (none). */
  file_size_limit?: number | null;
  allowed_mime_types?: string[] | null;
}

const COLUMNS = 'id, name, owner, public, created_at, updated_at, file_size_limit, allowed_mime_types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The `owner` column's value: storage-api writes only a UUID there (owner_id takes any subject). */
export function ownerUuid(owner: string | undefined): string | null {
  return owner !== undefined && UUID.test(owner) ? owner : null;
}

const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value ?? ''));

function bucketJson(row: Record<string, unknown>): BucketJson {
  return {
    id: String(row.id),
    name: String(row.name),
    owner: (row.owner as string | null) ?? '',
    public: Boolean(row.public),
    // bigint arrives as text; storage-api parses it to a number.
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: (row.allowed_mime_types as string[] | null) ?? null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export async function insertBucket(tx: StorageTx, bucket: NewBucket): Promise<void> {
  const columns = ['id', 'name', 'owner', 'owner_id', 'public'];
  const values: unknown[] = [bucket.id, bucket.name, ownerUuid(bucket.owner), bucket.owner ?? null, bucket.public];
  // Left out when not given, so the column keeps its default, as knex leaves undefined out.
  for (const column of ['file_size_limit', 'allowed_mime_types'] as const) {
    if (bucket[column] === undefined) continue;
    columns.push(column);
    values.push(bucket[column]);
  }
  await tx.query(`insert into storage.buckets (${columns.join(', ')}) values (${values.map((_, at) => `$${at + 1}`).join(', ')})`, values);
}

export interface FindBucketOptions {
  /** Only a bucket whose `public` is this. */
  isPublic?: boolean;
  forUpdate?: boolean;
}

/** A bucket the request may see, or storage-api's "Bucket not found". */
export async function findBucket(tx: StorageTx, id: string, options: FindBucketOptions = {}): Promise<BucketJson> {
  const values: unknown[] = [id];
  let sql = `select ${COLUMNS} from storage.buckets where id = $1`;
  if (options.isPublic !== undefined) {
    values.push(options.isPublic);
    sql += ' and public = $2';
  }
  if (options.forUpdate) sql += ' for update';
  const row = (await tx.query(`${sql} limit 1`, values)).rows[0];
  if (!row) throw bucketNotFound();
  return bucketJson(row);
}

export async function listBuckets(tx: StorageTx): Promise<BucketJson[]> {
  return (await tx.query(`select ${COLUMNS} from storage.buckets`)).rows.map(bucketJson);
}

export interface BucketChanges {
  public?: boolean;
  file_size_limit?: number | null;
  allowed_mime_types?: string[] | null;
}

/** Changes what is given; a bucket the request may not update is "Bucket not found". */
export async function updateBucket(tx: StorageTx, id: string, changes: BucketChanges): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const [column, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  }
  // Nothing to change still says whether the bucket is there (and may be updated).
  const sql = sets.length > 0 ? `update storage.buckets set ${sets.join(', ')} where id = $1` : 'update storage.buckets set id = id where id = $1';
  if ((await tx.query(sql, values)).rowCount === 0) throw bucketNotFound();
}

/** Deletes a bucket; the number of rows deleted (0 when the policies hide it). */
export async function deleteBucketRow(tx: StorageTx, id: string): Promise<number> {
  return (await tx.query('delete from storage.buckets where id = $1', [id])).rowCount ?? 0;
}

/** Whether a bucket holds any object (storage-api counts at most ten). */
export async function countObjects(tx: StorageTx, bucketId: string): Promise<number> {
  const { rows } = await tx.query<{ count: string }>('select count(*) as count from (select 1 from storage.objects where bucket_id = $1 limit 10) o', [bucketId]);
  return Number(rows[0]?.count ?? 0);
}
