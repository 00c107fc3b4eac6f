/**
 * The Content-Type of an upload when `--content-type` is not given: guessed from the
 * file's first bytes, never from its name, as the original does. Binary formats are recognised
 * by their signatures through `file-type`; text is told apart from binary data, and HTML and XML
 * by their opening markup, following the WHATWG MIME Sniffing rules the original implements.
 */
import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';

/** Enough for every signature file-type knows. */
const SAMPLE_BYTES = 4100;
/** The text rules look at this much, as the sniffing standard says. */
const TEXT_SAMPLE_BYTES = 512;

const UTF8_TEXT = 'text/plain; charset=utf-8';
const BINARY = 'application/octet-stream';

/** Byte-order marks and the text types they announce. */
const BYTE_ORDER_MARKS: Array<[number[], string]> = [
  [[0xfe, 0xff], 'text/plain; charset=utf-16be'],
  [[0xff, 0xfe], 'text/plain; charset=utf-16le'],
  [[0xef, 0xbb, 0xbf], UTF8_TEXT],
];

/** Opening tags that mark a document as HTML when followed by a space or `>`. */
const HTML_OPENINGS = ['<!DOCTYPE HTML', '<HTML', '<HEAD', '<SCRIPT', '<IFRAME', '<H1', '<DIV', '<FONT', '<TABLE', '<A', '<STYLE', '<TITLE', '<B', '<BODY', '<BR', '<P', '<!--'];

/** Control bytes that never occur in text. */
function isBinaryByte(byte: number): boolean {
  return byte <= 0x08 || byte === 0x0b || (byte >= 0x0e && byte <= 0x1a) || (byte >= 0x1c && byte <= 0x1f);
}

function isWhitespace(byte: number): boolean {
  return byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d || byte === 0x20;
}

/** The markup-based type of a sample (HTML or XML), if it opens like one. */
function markupType(sample: Uint8Array): string | undefined {
  let start = 0;
  while (start < sample.length && isWhitespace(sample[start])) start++;
  const text = Buffer.from(sample.subarray(start)).toString('latin1');
  if (text.startsWith('<?xml')) return 'text/xml; charset=utf-8';
  const upper = text.toUpperCase();
  for (const opening of HTML_OPENINGS) {
    const next = upper.charAt(opening.length);
    if (upper.startsWith(opening) && (next === ' ' || next === '>')) return 'text/html; charset=utf-8';
  }
  return undefined;
}

/** The Content-Type for content starting with `sample`. */
export async function sniffContentType(sample: Uint8Array): Promise<string> {
  for (const [mark, type] of BYTE_ORDER_MARKS) {
    if (mark.every((byte, index) => sample[index] === byte)) return type;
  }
  const head = sample.subarray(0, TEXT_SAMPLE_BYTES);
  const markup = markupType(head);
  if (markup) return markup;
  const known = await fileTypeFromBuffer(sample);
  if (known) return known.mime;
  return head.some(isBinaryByte) ? BINARY : UTF8_TEXT;
}

/** Reads the first bytes of a file and sniffs its Content-Type. */
export async function sniffFileContentType(filePath: string): Promise<string> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, 0);
    return await sniffContentType(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
