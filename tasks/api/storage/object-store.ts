/**
 * storage.objects as storage-api v0.46.4 reads and writes it (its knex database adapter), in the
 * request's transaction: inserts, upserts, updates and deletes the project's policies judge, the
 * `storage.search` function for folder listings, and the advisory lock it takes per object while
 * an upload completes. Each row's `version` names the file that holds its content (file-backend.ts).
 */
import { objectNotFound, StorageError } from './storage-error.js';
import type { ObjectMetadata } from '../../storage/storage-api.js';
import type { StorageTx } from './storage-transaction.js';
import { ownerUuid } from './bucket-store.js';

/** What storage-api records about an object's content, in `metadata`: the shape the CLI's storage client lists. */
export type { ObjectMetadata };

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  metadata: ObjectMetadata | null;
  created_at: Date | null;
  updated_at: Date | null;
  last_accessed_at: Date | null;
}

export interface ObjectWrite {
  bucket_id: string;
  name: string;
  owner?: string;
  version: string;
  /** undefined: left as it is (an update) or null (an insert). */
  metadata?: ObjectMetadata | Record<string, never>;
}

const iso = (value: unknown): string | null => (value instanceof Date ? value.toISOString() : value === null || value === undefined ? null : String(value));

/** A row in the shape of storage-api's object schema (what list and delete answer). */
export function objectJson(row: Record<string, unknown>): Record<string, unknown> {
  const json: Record<string, unknown> = { name: row.name };
  for (const column of ['bucket_id', 'owner', 'owner_id', 'version']) if (column in row) json[column] = row[column] ?? '';
  if ('id' in row) json.id = row.id ?? null;
  for (const column of ['updated_at', 'created_at', 'last_accessed_at']) if (column in row) json[column] = iso(row[column]);
  if ('metadata' in row) json.metadata = row.metadata ?? null;
  return json;
}

export interface FindObjectOptions {
  forUpdate?: boolean;
  /** Answer undefined for a missing object instead of storage-api's "Object not found". */
  allowMissing?: boolean;
}

export async function findObject(tx: StorageTx, bucketId: string, name: string, options: FindObjectOptions & { allowMissing: true }): Promise<ObjectRow | undefined>;
export async function findObject(tx: StorageTx, bucketId: string, name: string, options?: FindObjectOptions): Promise<ObjectRow>;
export async function findObject(tx: StorageTx, bucketId: string, name: string, options: FindObjectOptions = {}): Promise<ObjectRow | undefined> {
  const row = (await tx.query<ObjectRow>(`select * from storage.objects where name = $1 and bucket_id = $2 limit 1${options.forUpdate ? ' for update' : ''}`, [name, bucketId])).rows[0];
  if (!row && !options.allowMissing) throw objectNotFound();
  return row;
}

/** The names among `names` that the request may see. */
export async function findObjectNames(tx: StorageTx, bucketId: string, names: readonly string[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucketId, names]);
  return new Set(rows.map((row) => row.name));
}

export async function insertObject(tx: StorageTx, object: ObjectWrite): Promise<ObjectRow> {
  const { rows } = await tx.query<ObjectRow>(
    'insert into storage.objects (name, owner, owner_id, bucket_id, metadata, version) values ($1, $2, $3, $4, $5, $6) returning *',
    [object.name, ownerUuid(object.owner), object.owner ?? null, object.bucket_id, object.metadata ?? null, object.version],
  );
  return rows[0];
}

/** Inserts, or replaces the metadata, version and owner of the object of that name (storage-api's upsertObject). */
export async function upsertObject(tx: StorageTx, object: ObjectWrite): Promise<ObjectRow> {
  const { rows } = await tx.query<ObjectRow>(
    `insert into storage.objects (name, owner, owner_id, bucket_id, metadata, version) values ($1, $2, $3, $4, $5, $6)
     on conflict (bucket_id, name) do update set metadata = excluded.metadata, version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id
     returning *`,
    [object.name, ownerUuid(object.owner), object.owner ?? null, object.bucket_id, object.metadata ?? null, object.version],
  );
  return rows[0];
}

/** Updates an object the request may update; none is storage-api's DBError "Not Found". */
export async function updateObject(tx: StorageTx, bucketId: string, name: string, change: { name: string; owner?: string; version: string }): Promise<ObjectRow> {
  const { rows } = await tx.query<ObjectRow>(
    'update storage.objects set name = $3, owner = $4, owner_id = $5, version = $6 where bucket_id = $1 and name = $2 returning *',
    [bucketId, name, change.name, ownerUuid(change.owner), change.owner ?? null, change.version],
  );
  if (!rows[0]) throw new StorageError(404, 'object not found', 'Not Found');
  return rows[0];
}

/** Deletes one object (of that version, when given); the row deleted, if the request could. */
export async function deleteObjectRow(tx: StorageTx, bucketId: string, name: string, version?: string): Promise<ObjectRow | undefined> {
  const values = [name, bucketId, ...(version ? [version] : [])];
  return (await tx.query<ObjectRow>(`delete from storage.objects where name = $1 and bucket_id = $2${version ? ' and version = $3' : ''} returning *`, values)).rows[0];
}

/** Deletes the objects of the given names (or ids) that the request may delete; the rows deleted. */
export async function deleteObjectRows(tx: StorageTx, bucketId: string, keys: readonly string[], by: 'name' | 'id' = 'name'): Promise<ObjectRow[]> {
  const column = by === 'id' ? 'id::text' : 'name';
  return (await tx.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and ${column} = any($2::text[]) returning *`, [bucketId, keys])).rows;
}

/** Some objects of a bucket the request may see (emptying a bucket goes by such pages). */
export async function someObjects(tx: StorageTx, bucketId: string, limit: number): Promise<Array<{ id: string; name: string }>> {
  return (await tx.query<{ id: string; name: string }>('select id, name from storage.objects where bucket_id = $1 limit $2', [bucketId, limit])).rows;
}

export interface SearchOptions {
  limit?: number;
  offset?: number;
  search?: string;
  sortBy?: { column?: string; order?: string };
}

/** One folder level under `prefix` (ending in `/`, or empty for the top), through storage.search. */
export async function searchObjects(tx: StorageTx, bucketId: string, prefix: string, options: SearchOptions): Promise<Array<Record<string, unknown>>> {
  const { rows } = await tx.query('select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)', [
    prefix,
    bucketId,
    options.limit || 100,
    prefix.split('/').length,
    options.offset || 0,
    options.search || '',
    options.sortBy?.column ?? 'name',
    options.sortBy?.order ?? 'asc',
  ]);
  return rows.map(objectJson);
}

/** storage-api's hash of an object's path for its advisory lock (djb2 xor, as an unsigned 32-bit number). */
export function lockKey(bucketId: string, name: string): number {
  const text = `${bucketId}/${name}`;
  let hash = 5381;
  for (let at = 0; at < text.length; at++) hash = (hash * 33) ^ text.charCodeAt(at);
  return hash >>> 0;
}

/** Waits for the object's lock until the transaction ends, so two uploads of one name complete one after the other. */
export async function waitObjectLock(tx: StorageTx, bucketId: string, name: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [lockKey(bucketId, name)]);
}
