/**
 * The local Storage API (storage-api v0.46.4's contract at `<apiUrl>/storage/v1`) as the service
 * role, which passes every bucket's policies as the original Studio's does: buckets listed,
 * created, emptied and deleted; a folder's entries listed; files uploaded, downloaded, deleted;
 * public and signed URLs. Failures are the http module's ApiErrors, so Storage's own sentences
 * ("Storage must be empty before you can delete it") reach the user.
 */
import type { StudioConfig } from '../config';
import { ApiError, GATEWAY_DOWN, send, serviceRoleHeaders } from '../http';

export interface Bucket {
  id: string;
  name: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
}

/** One entry of a folder: a file, or (id null, no metadata) a folder under it. */
export interface StorageEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  metadata: { size?: number; mimetype?: string } | null;
}

/** Entries a page of a folder holds. */
export const ENTRIES_PER_PAGE = 100;

/** The name the original Studio uploads to keep an empty folder; never shown as a file. */
export const FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder';

const base = (config: StudioConfig) => `${config.apiUrl}/storage/v1`;

/** A path inside a bucket as URL segments: each segment encoded, the slashes kept. */
export const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

async function storage<T>(config: StudioConfig, path: string, method = 'GET', body?: unknown): Promise<T> {
  const headers = serviceRoleHeaders(config);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return (await send<T>(`${base(config)}/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })).data;
}

export const listBuckets = (config: StudioConfig) => storage<Bucket[]>(config, 'bucket');

/** Creates a bucket; `sizeLimit` is bytes or a size such as `5MB`, empty for none. */
export async function createBucket(config: StudioConfig, bucket: { name: string; public: boolean; sizeLimit: string; mimeTypes: string }): Promise<void> {
  const limit = bucket.sizeLimit.trim();
  const types = bucket.mimeTypes
    .split(',')
    .map((type) => type.trim())
    .filter((type) => type !== '');
  await storage(config, 'bucket', 'POST', {
    name: bucket.name,
    public: bucket.public,
    // Storage takes a whole number as bytes and a string as a size with its unit.
    ...(limit === '' ? {} : { file_size_limit: /^\d+$/.test(limit) ? Number(limit) : limit }),
    ...(types.length === 0 ? {} : { allowed_mime_types: types }),
  });
}

export const deleteBucket = (config: StudioConfig, id: string) => storage(config, `bucket/${encodeURIComponent(id)}`, 'DELETE');

export const emptyBucket = (config: StudioConfig, id: string) => storage(config, `bucket/${encodeURIComponent(id)}/empty`, 'POST');

/** A page of the entries right under `prefix` (`''` or `a/b/`), by name. */
export const listEntries = (config: StudioConfig, bucket: string, prefix: string, page: number) =>
  storage<StorageEntry[]>(config, `object/list/${encodeURIComponent(bucket)}`, 'POST', {
    prefix,
    limit: ENTRIES_PER_PAGE,
    offset: page * ENTRIES_PER_PAGE,
    sortBy: { column: 'name', order: 'asc' },
  });

/** Uploads a file as the object `path`; `overwrite` replaces one of that name (Storage's x-upsert). */
export async function uploadFile(config: StudioConfig, bucket: string, path: string, file: File, overwrite: boolean): Promise<void> {
  const headers = { ...serviceRoleHeaders(config), 'Content-Type': file.type || 'application/octet-stream', 'x-upsert': String(overwrite) };
  await send(`${base(config)}/object/${encodeURIComponent(bucket)}/${encodePath(path)}`, { method: 'POST', headers, body: file });
}

/** The content of an object. */
export async function downloadFile(config: StudioConfig, bucket: string, path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`${base(config)}/object/${encodeURIComponent(bucket)}/${encodePath(path)}`, { headers: serviceRoleHeaders(config) });
  } catch {
    throw new ApiError(GATEWAY_DOWN, 0);
  }
  if (response.ok) return response.blob();
  const text = await response.text();
  let message = text;
  try {
    message = String((JSON.parse(text) as { message?: unknown }).message ?? text);
  } catch {
    // Not JSON: the text itself.
  }
  throw new ApiError(message || `the download failed with status ${response.status}`, response.status);
}

export const deleteFile = (config: StudioConfig, bucket: string, path: string) => storage(config, `object/${encodeURIComponent(bucket)}/${encodePath(path)}`, 'DELETE');

/** The URL anyone can read a public bucket's object at. */
export const publicUrl = (config: StudioConfig, bucket: string, path: string) => `${base(config)}/object/public/${encodeURIComponent(bucket)}/${encodePath(path)}`;

/** A URL that reads the object without a key for `seconds`. */
export async function signedUrl(config: StudioConfig, bucket: string, path: string, seconds: number): Promise<string> {
  const { signedURL } = await storage<{ signedURL: string }>(config, `object/sign/${encodeURIComponent(bucket)}/${encodePath(path)}`, 'POST', { expiresIn: seconds });
  // Storage answers the object's name as it is (spaces and all); encoded as supabase-js encodes it.
  return encodeURI(`${base(config)}${signedURL}`);
}
