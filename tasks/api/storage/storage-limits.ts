/**
 * The checks storage-api v0.46.4 makes on names, sizes and mime types before it touches anything
 * (its limits.ts and Storage.validateMimeType): which characters a key or bucket name may hold (S3's
 * safe set), the sizes a bucket's `file_size_limit` may be written in, and the mime types a
 * bucket may allow and an upload may carry. Each refusal is storage-api's error, word for word.
 */
import { backendError } from './storage-error.js';

const KEY = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const BUCKET_NAME = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

/** Refuses an object key outside S3's safe characters (or empty). */
export function mustBeValidKey(key: string, message: string): void {
  if (key.length === 0 || !KEY.test(key)) throw backendError('Invalid Input', 400, message);
}

/** Refuses a bucket name outside S3's safe characters, `/` included (or empty). */
export function mustBeValidBucketName(name: string, message: string): void {
  if (name.length === 0 || !BUCKET_NAME.test(name)) throw backendError('Invalid Input', 400, message);
}

/** A size written as `20GB`, `1.5MB`, `30KB` or `3B` (decimal units, as storage-api reads them) in bytes. */
export function parseFileSizeToBytes(text: string): number {
  const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(text);
  if (!match) throw backendError('file_size_limit', 422, 'the requested file_size_limit uses an invalid format, use 20GB / 20MB / 30KB / 3B');
  // Three significant digits, as storage-api rounds the number before scaling it.
  const value = Number(Number.parseFloat(match[1]).toPrecision(3));
  const scale: Record<string, number> = { GB: 1e9, MB: 1e6, KB: 1000, B: 1 };
  return value * scale[match[2].toUpperCase()];
}

/**
 * A bucket's `file_size_limit` as given (a number of bytes, a size text, null to clear it), checked
 * against the global limit (`[storage] file_size_limit`); undefined leaves it unset.
 */
export function bucketSizeLimit(value: unknown, globalLimit: number): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  let bytes: number;
  if (typeof value === 'string') bytes = parseFileSizeToBytes(value);
  else if (typeof value === 'number' && Number.isInteger(value) && value >= 0) bytes = value;
  else throw backendError('Invalid Input', 400, 'body/file_size_limit must be an integer of at least 0 or a size such as 100MB');
  if (bytes > globalLimit) throw backendError('max_file_size', 422, 'the requested max_file_size exceed the global limit');
  return bytes;
}

/** Refuses a bucket's allowed mime type that is not `type/subtype` (with an optional charset) or a wildcard. */
export function validateAllowedMimeTypes(types: readonly string[]): void {
  for (const type of types) {
    if (type.length > 1000) throw backendError('invalid_mime_type', 422, `the requested mime type "${type}" is invalid`);
    // The missing closing quote is storage-api's own.
    if (!/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(type)) throw backendError('invalid_mime_type', 422, `the requested mime type "${type} is invalid`);
  }
}

/** Refuses an upload whose mime type the bucket does not allow (`image/*` allows every image). */
export function checkUploadMimeType(mimeType: string, allowed: readonly string[]): void {
  const requested = mimeType.split('/');
  if (requested.length < 2) throw backendError('invalid_mime_type', 422, `mime type ${mimeType} is not formatted properly`);
  const [type, subtype] = requested;
  for (const entry of allowed) {
    const [allowedType, allowedSubtype] = entry.split('/');
    if (allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)) return;
  }
  throw backendError('invalid_mime_type', 422, `mime type ${mimeType} is not supported`);
}
