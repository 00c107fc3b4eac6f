/**
 * The upload format of `functions deploy`: the ASCII magic `EZBR` followed by the
 * brotli-compressed eszip. Downloads may come back in that form or as a plain eszip (`ESZIP...`).
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants } from 'node:zlib';
import { TaskError } from '../../task-error.js';

export const COMPRESSED_MAGIC = 'EZBR';
export const ESZIP_CONTENT_TYPE = 'application/vnd.denoland.eszip';

/** `EZBR` + brotli(eszip). */
export async function compressEszip(eszip: Uint8Array): Promise<Buffer> {
  const compressed = await promisify(brotliCompress)(eszip, { params: { [constants.BROTLI_PARAM_SIZE_HINT]: eszip.byteLength } });
  return Buffer.concat([Buffer.from(COMPRESSED_MAGIC, 'ascii'), compressed]);
}

/** The eszip inside a body: decompressed when it starts with `EZBR`, as is when it is a plain eszip. */
export async function eszipFromBody(body: Uint8Array): Promise<Uint8Array> {
  const head = Buffer.from(body.subarray(0, 5)).toString('latin1');
  if (head.startsWith(COMPRESSED_MAGIC)) {
    try {
      return await promisify(brotliDecompress)(body.subarray(COMPRESSED_MAGIC.length));
    } catch (error) {
      throw new TaskError(`failed to decompress the function bundle: ${(error as Error).message}`);
    }
  }
  if (head === 'ESZIP') return body;
  throw new TaskError('The downloaded function body is not an eszip bundle.');
}
