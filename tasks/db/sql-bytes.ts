/**
 * The text of a SQL file, taken from its bytes the way the server would take them. The original
 * sends a migration's bytes as they are, and PostgreSQL (client encoding UTF8) refuses a byte
 * sequence that is not UTF-8 with SQLSTATE 22021. pg can only send JavaScript strings, and a
 * lenient decode would turn the bad bytes into U+FFFD and apply the file as if nothing were wrong;
 * so the bytes are checked here, and refused with the server's own words.
 */

/** The server's refusal of bytes that are not UTF-8, shaped as a pg error (describeSqlError prints it). */
export class InvalidEncodingError extends Error {
  readonly code = '22021';
  readonly severity = 'ERROR';
  constructor(
    /** The bytes as the server names them: `0xe9 0x20 0x74`. */
    readonly sequence: string,
    /** The file decoded with replacement characters, to find the statement it is in. */
    readonly text: string,
    /** Where, in `text`, the first bad sequence begins. */
    readonly at: number,
  ) {
    super(`invalid byte sequence for encoding "UTF8": ${sequence}`);
    this.name = 'InvalidEncodingError';
  }
}

// ignoreBOM keeps a leading BOM in the text, as the bytes sent to the server would hold it.
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

/** The bytes as text; InvalidEncodingError when they are not UTF-8. */
export function decodeSql(bytes: Uint8Array): string {
  let text: string;
  try {
    text = strict.decode(bytes);
  } catch {
    const bad = firstInvalid(bytes);
    // The bytes before the first bad sequence are valid, so both decoders give the same characters for them.
    const at = strict.decode(bytes.subarray(0, bad)).length;
    throw new InvalidEncodingError(serverSequence(bytes, bad), lenient.decode(bytes), at);
  }
  return text;
}

/**
 * The bytes PostgreSQL prints for a bad sequence at `offset`: as many as the first byte says the
 * character is long (one when it is no lead byte), cut at the end of the input, at most eight.
 */
function serverSequence(bytes: Uint8Array, offset: number): string {
  const lead = bytes[offset] ?? 0;
  const length = (lead & 0xe0) === 0xc0 ? 2 : (lead & 0xf0) === 0xe0 ? 3 : (lead & 0xf8) === 0xf0 ? 4 : 1;
  const shown = bytes.subarray(offset, Math.min(offset + length, bytes.length, offset + 8));
  return [...shown].map((byte) => `0x${byte.toString(16).padStart(2, '0')}`).join(' ');
}

/**
 * The offset of the first sequence that is not well-formed UTF-8 (RFC 3629: no overlong forms,
 * no surrogates, nothing above U+10FFFF), which is where the server's check stops too.
 */
function firstInvalid(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    // The allowed range of the second byte depends on the lead; later bytes are 0x80-0xbf.
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return i;
    if (i + length > bytes.length) return i;
    if (bytes[i + 1]! < low || bytes[i + 1]! > high) return i;
    for (let k = 2; k < length; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += length;
  }
  // Not reached when TextDecoder refused the bytes; the end names no byte rather than a wrong one.
  return bytes.length;
}
