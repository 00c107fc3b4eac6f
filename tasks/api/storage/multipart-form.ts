/**
 * A streaming reader of `multipart/form-data` for uploads (our own: storage-api uses
 * @fastify/multipart, which the gateway does not carry). It reads as storage-api reads a form:
 * the fields before the first file part (storage-js sends `cacheControl`, and may send
 * `contentType`, before the file), then the first file part as a stream of its bytes, which ends
 * at the part's closing delimiter; whatever follows is drained, never buffered. Only the small
 * pieces (part headers, field values) are held whole, each bounded.
 */

/** Field values and part headers larger than this are refused: the form is not an upload then. */
const SMALL_LIMIT = 64 * 1024;

export interface FormFile {
  fields: Record<string, string>;
  /** The file part's Content-Type, `application/octet-stream` when it has none. */
  mimeType: string;
  /** The file's bytes; it throws when the form ends before the file's delimiter. */
  body: AsyncIterable<Buffer>;
}

/** The boundary of a multipart Content-Type, or undefined. */
export function multipartBoundary(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** Bytes pulled from a stream on demand, with what was read and not yet used kept in front. */
class ByteSource {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly chunks: AsyncIterator<Buffer>;
  private done = false;

  constructor(stream: AsyncIterable<Buffer>) {
    this.chunks = stream[Symbol.asyncIterator]();
  }

  /** Reads one more chunk; false at the end of the stream. */
  private async more(): Promise<boolean> {
    if (this.done) return false;
    const next = await this.chunks.next();
    if (next.done) {
      this.done = true;
      return false;
    }
    // Only a delimiter's length is ever kept back, so a chunk is copied at most once.
    this.buffer = this.buffer.length === 0 ? next.value : Buffer.concat([this.buffer, next.value]);
    return true;
  }

  /** The bytes up to `delimiter` (consumed with it), at most `limit` of them; undefined when the stream ends first. */
  async until(delimiter: Buffer, limit = SMALL_LIMIT): Promise<Buffer | undefined> {
    for (;;) {
      const at = this.buffer.indexOf(delimiter);
      if (at >= 0) {
        const before = this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + delimiter.length);
        return before;
      }
      if (this.buffer.length > limit + delimiter.length) throw new Error('a form part header or field is too large');
      if (!(await this.more())) return undefined;
    }
  }

  /** The next `count` bytes, or fewer at the end of the stream. */
  async take(count: number): Promise<Buffer> {
    while (this.buffer.length < count && (await this.more()));
    const taken = this.buffer.subarray(0, count);
    this.buffer = this.buffer.subarray(taken.length);
    return taken;
  }

  /** Streams the bytes before `delimiter`, consuming it; keeps only a delimiter's length back between chunks. */
  async *streamUntil(delimiter: Buffer): AsyncGenerator<Buffer> {
    for (;;) {
      const at = this.buffer.indexOf(delimiter);
      if (at >= 0) {
        if (at > 0) yield this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + delimiter.length);
        return;
      }
      // Everything but a tail that might be the start of the delimiter is content.
      const safe = this.buffer.length - (delimiter.length - 1);
      if (safe > 0) {
        yield this.buffer.subarray(0, safe);
        this.buffer = this.buffer.subarray(safe);
      }
      if (!(await this.more())) throw new Error('the form ended inside its file');
    }
  }

  /** Reads and drops the rest of the stream. */
  async drain(): Promise<void> {
    this.buffer = Buffer.alloc(0);
    while (await this.more()) this.buffer = Buffer.alloc(0);
  }
}

/** A part's headers, names lower-cased. */
function partHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** A parameter of a Content-Disposition header (`name`, `filename`). */
function dispositionParameter(disposition: string, parameter: string): string | undefined {
  const match = new RegExp(`;\\s*${parameter}="((?:[^"\\\\]|\\\\.)*)"|;\\s*${parameter}=([^;\\s]+)`, 'i').exec(disposition);
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * The fields before the form's first file and that file as a stream; undefined when the form has
 * no file. The caller must consume the body (or call the drain it is given) before answering.
 */
export async function readFormFile(stream: AsyncIterable<Buffer>, boundary: string): Promise<(FormFile & { drain: () => Promise<void> }) | undefined> {
  const source = new ByteSource(stream);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter may open the body, without the CRLF in front of it.
  const opening = await source.until(Buffer.from(`--${boundary}`));
  if (opening === undefined) return undefined;
  const fields: Record<string, string> = {};
  for (;;) {
    const after = await source.take(2);
    if (after.toString() !== '\r\n') {
      await source.drain();
      return undefined;
    }
    const head = await source.until(Buffer.from('\r\n\r\n'));
    if (head === undefined) return undefined;
    const headers = partHeaders(head.toString('utf8'));
    const disposition = headers['content-disposition'] ?? '';
    const name = dispositionParameter(disposition, 'name') ?? '';
    if (dispositionParameter(disposition, 'filename') !== undefined) {
      const body = source.streamUntil(delimiter);
      return { fields, mimeType: headers['content-type'] || 'application/octet-stream', body, drain: () => source.drain() };
    }
    const value = await source.until(delimiter);
    if (value === undefined) return undefined;
    fields[name] = value.toString('utf8');
  }
}
