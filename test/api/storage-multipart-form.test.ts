/**
 * The Storage service's streaming form reader (tasks/api/storage/multipart-form.ts) on forms cut
 * into chunks of every size, down to one byte, so every delimiter and header falls across chunk
 * edges somewhere: the fields before the file, the file byte for byte (with content that almost
 * looks like the delimiter), and no file when the form has none.
 */
import assert from 'node:assert/strict';
import { multipartBoundary, readFormFile } from '../../tasks/api/storage/multipart-form.js';

const BOUNDARY = '----formdata-undici-0123456789';

/** A form as undici's FormData writes one: a cacheControl field, then the file. */
function form(file: Buffer, fields: Record<string, string> = { cacheControl: '3600' }, type = 'image/png'): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name=""; filename="blob"\r\nContent-Type: ${type}\r\n\r\n`), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

async function* chunks(body: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < body.length; at += size) yield body.subarray(at, at + size);
}

async function collect(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part);
  return Buffer.concat(parts);
}

describe('the Storage form reader', () => {
  // Content holding the delimiter's start without its end, and a bare CRLF-dash-dash.
  const file = Buffer.concat([Buffer.from('head\r\n--'), Buffer.from(`\r\n--${BOUNDARY.slice(0, -1)}X`), Buffer.alloc(3000, 7), Buffer.from('\r\n')]);

  for (const size of [1, 2, 3, 7, 64, 1000, 100_000]) {
    it(`reads the fields and the file from chunks of ${size} bytes`, async () => {
      const read = await readFormFile(chunks(form(file, { cacheControl: '60', contentType: 'text/plain' }), size), BOUNDARY);
      assert.ok(read);
      assert.deepEqual(read.fields, { cacheControl: '60', contentType: 'text/plain' });
      assert.equal(read.mimeType, 'image/png');
      assert.ok((await collect(read.body)).equals(file));
      await read.drain();
    });
  }

  it('reads an empty file, and a part without a type as application/octet-stream', async () => {
    const empty = form(Buffer.alloc(0)).toString().replace('Content-Type: image/png\r\n', '');
    const read = await readFormFile(chunks(Buffer.from(empty), 5), BOUNDARY);
    assert.equal(read?.mimeType, 'application/octet-stream');
    assert.equal((await collect(read!.body)).length, 0);
  });

  it('finds no file in a form of fields only, and fails a form cut inside its file', async () => {
    const fieldsOnly = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n60\r\n--${BOUNDARY}--\r\n`);
    assert.equal(await readFormFile(chunks(fieldsOnly, 3), BOUNDARY), undefined);
    const cut = form(file).subarray(0, 400);
    const read = await readFormFile(chunks(cut, 50), BOUNDARY);
    await assert.rejects(collect(read!.body), /the form ended inside its file/);
  });

  it('takes the boundary from the Content-Type, quoted or not', () => {
    assert.equal(multipartBoundary(`multipart/form-data; boundary=${BOUNDARY}`), BOUNDARY);
    assert.equal(multipartBoundary('multipart/form-data; boundary="a b"'), 'a b');
    assert.equal(multipartBoundary('multipart/form-data'), undefined);
  });
});
