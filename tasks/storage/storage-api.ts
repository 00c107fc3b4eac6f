/**
 * A typed client for the routes of a project's Storage API that the storage commands use
 * (the original calls the same routes), under `<project URL>/storage/v1`. The Storage API has no published spec in the
 * reference, so its request and answer shapes are written here, one interface each.
 *
 * Every request carries the service_role key as a bearer token and the original's User-Agent.
 * JSON calls give up after 10 s, as the original's API client does; uploads and downloads have no
 * time limit, since a large file may take minutes. Bodies stream in both directions, so a
 * transfer holds only a few chunks in memory whatever the file's size. An answer other than 200
 * becomes the original's `Error status <code>: <body>`, quoting the body as sent.
 */
import { causeOf } from '../management-api/client/client.js';
import { TaskError, messageOf } from '../task-error.js';
import { USER_AGENT } from '../version.js';

/** What the original shows of a bucket (GET /bucket). */
export interface Bucket {
  id: string;
  name: string;
  owner: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

/** Stored facts about an object's content, as the list route reports them. */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

/** One entry of a folder listing: an object, or a folder when `id` is null. */
export interface ListedObject {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: ObjectMetadata | null;
}

/** The body of POST /object/list/{bucket}; empty search and zero offset are left out, as the original does. */
export interface ListObjectsQuery {
  prefix: string;
  search?: string;
  limit?: number;
  offset?: number;
}

/** An object row returned by DELETE /object/{bucket}. */
export interface DeletedObject {
  bucket_id: string;
  name: string;
  id: string;
  [column: string]: unknown;
}

export interface MoveObjectRequest {
  bucketId: string;
  sourceKey: string;
  destinationKey: string;
}

/** Headers stored with an uploaded object. */
export interface UploadOptions {
  contentType: string;
  cacheControl: string;
  /** The body's length when known; sent as Content-Length so the service can refuse early. */
  size?: number;
}

/** An object's content as it arrives: a byte stream and its announced length. */
export interface Download {
  body: AsyncIterable<Uint8Array>;
  size?: number;
}

/** The page size of the list route. */
export const PAGE_LIMIT = 100;

/** How long a JSON call may take, as the original's API client allows. */
const JSON_TIMEOUT_MS = 10_000;

/** An answer that was not 200, with the original's message and the service's error code kept. */
export class StorageApiError extends TaskError {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`Error status ${status}: ${body}`);
  }

  /** The service's `error` field (`Bucket not found`, `not_found`, ...), when the body is JSON. */
  get code(): string | undefined {
    try {
      const parsed = JSON.parse(this.body) as { error?: unknown };
      return typeof parsed.error === 'string' ? parsed.error : undefined;
    } catch {
      return undefined;
    }
  }

  /** Whether the service named this error, matched as the original does on the body's text too. */
  is(code: string): boolean {
    return this.code === code || this.body.includes(`"error":"${code}"`);
  }
}

/** Whether a thrown value is a StorageApiError carrying the given service error code. */
export function isStorageError(error: unknown, code: string): boolean {
  return error instanceof StorageApiError && error.is(code);
}

export interface StorageClientOptions {
  /** `<project URL>/storage/v1`, without a trailing slash. */
  baseUrl: string;
  serviceRoleKey: string;
  /** Receives one line per request (the --debug log); never the key. */
  debug?: (line: string) => void;
}

/** A path of bucket and key segments, each percent-encoded, so names with spaces or `#` stay whole. */
function encodePath(remotePath: string): string {
  return remotePath.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/');
}

export class StorageClient {
  constructor(private readonly options: StorageClientOptions) {}

  listBuckets(): Promise<Bucket[]> {
    return this.json('GET', '/bucket');
  }

  createBucket(name: string): Promise<{ name: string }> {
    return this.json('POST', '/bucket', { name });
  }

  deleteBucket(id: string): Promise<{ message: string }> {
    return this.json('DELETE', `/bucket/${encodeURIComponent(id)}`);
  }

  /** One page of the entries directly under `dir` whose names start with `search`. */
  listObjects(bucket: string, dir: string, search: string, page: number): Promise<ListedObject[]> {
    const query: ListObjectsQuery = { prefix: dir, ...(search ? { search } : {}), limit: PAGE_LIMIT, ...(page ? { offset: PAGE_LIMIT * page } : {}) };
    return this.json('POST', `/object/list/${encodeURIComponent(bucket)}`, query);
  }

  moveObject(request: MoveObjectRequest): Promise<{ message: string }> {
    return this.json('POST', '/object/move', request);
  }

  /** Server-side copy within a bucket; no command uses it, as in the original. */
  copyObject(request: MoveObjectRequest): Promise<{ Key: string }> {
    return this.json('POST', '/object/copy', request);
  }

  deleteObjects(bucket: string, prefixes: string[]): Promise<DeletedObject[]> {
    return this.json('DELETE', `/object/${encodeURIComponent(bucket)}`, { prefixes });
  }

  /** Streams `body` to `<bucket>/<key>` (given as one remote path). */
  async uploadObject(remotePath: string, body: AsyncIterable<Uint8Array>, options: UploadOptions): Promise<void> {
    const headers: Record<string, string> = { 'Content-Type': options.contentType, 'Cache-Control': options.cacheControl };
    if (options.size !== undefined) headers['Content-Length'] = String(options.size);
    // fetch keeps a copy of a streamed body while it may still follow a redirect (it tees the
    // stream), which would hold the whole file in memory; an upload is never redirected.
    const init = { headers, body, duplex: 'half', redirect: 'error' } as RequestInit;
    const response = await this.send('POST', `/object/${encodePath(remotePath)}`, init);
    await this.expectOk(response);
    await response.body?.cancel();
  }

  /** Opens `<bucket>/<key>` for reading; the caller consumes the stream. */
  async downloadObject(remotePath: string): Promise<Download> {
    const response = await this.send('GET', `/object/${encodePath(remotePath)}`, {});
    await this.expectOk(response);
    const length = response.headers.get('content-length');
    return { body: response.body ?? emptyBody(), size: length === null ? undefined : Number(length) };
  }

  private async json<T>(method: string, route: string, body?: unknown): Promise<T> {
    const init: RequestInit = { signal: AbortSignal.timeout(JSON_TIMEOUT_MS) };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { 'Content-Type': 'application/json' };
    }
    const response = await this.send(method, route, init);
    let text: string;
    try {
      await this.expectOk(response);
      text = await response.text();
    } catch (error) {
      if (error instanceof TaskError) throw error;
      throw new TaskError(`failed to read response body: ${failureOf(error)}`, undefined, { cause: error });
    }
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new TaskError(`failed to parse response body: ${messageOf(error)}`);
    }
  }

  private async send(method: string, route: string, init: RequestInit): Promise<Response> {
    const began = performance.now();
    const headers = { ...(init.headers as Record<string, string> | undefined), Authorization: `Bearer ${this.options.serviceRoleKey}`, 'User-Agent': USER_AGENT };
    try {
      const response = await fetch(`${this.options.baseUrl}${route}`, { ...init, method, headers });
      this.options.debug?.(`HTTP ${method} /storage/v1${route} ${response.status} (${elapsed(began)})`);
      return response;
    } catch (error) {
      this.options.debug?.(`HTTP ${method} /storage/v1${route} failed after ${elapsed(began)}: ${failureOf(error)}`);
      throw new TaskError(
        `failed to execute http request: ${method} ${this.options.baseUrl}${route}: ${failureOf(error)}`,
        'Check your network connection, or SUPABASE_INTERNAL_PROJECT_URL if you set it.',
        { cause: error },
      );
    }
  }

  private async expectOk(response: Response): Promise<void> {
    if (response.status === 200) return;
    throw new StorageApiError(response.status, await response.text());
  }
}

function emptyBody(): AsyncIterable<Uint8Array> {
  return (async function* () {})();
}

function elapsed(began: number): string {
  return `${Math.round(performance.now() - began)} ms`;
}

/** The socket error behind a failed fetch(); a 10 s limit that ran out says so. */
function failureOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${JSON_TIMEOUT_MS / 1000}s`;
  return causeOf(error);
}
