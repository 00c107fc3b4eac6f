/**
 * A QR code encoder (ISO/IEC 18004) for the MFA enrolment's otpauth URI, as GoTrue v2.132.3 makes
 * it with boombuler/barcode's qr.Encode(uri, qr.M, qr.Auto): byte mode (the URI has lower-case
 * letters, so Auto ends there), error correction level M, the smallest version that holds it, and
 * the mask with the lowest penalty. Our own code: no maintained QR package is among the project's
 * dependencies. Versions 1 to 20 (up to 666 bytes at level M) are enough for any URI a factor
 * makes; a longer text is refused, as GoTrue refuses one it cannot encode.
 */

/** Level M per version (1-20): EC codewords per block, then [blocks, data codewords] groups. */
const LEVEL_M: [number, [number, number][]][] = [
  [10, [[1, 16]]], [16, [[1, 28]]], [26, [[1, 44]]], [18, [[2, 32]]], [24, [[2, 43]]],
  [16, [[4, 27]]], [18, [[4, 31]]], [22, [[2, 38], [2, 39]]], [22, [[3, 36], [2, 37]]], [26, [[4, 43], [1, 44]]],
  [30, [[1, 50], [4, 51]]], [22, [[6, 36], [2, 37]]], [22, [[8, 37], [1, 38]]], [24, [[4, 40], [5, 41]]], [24, [[5, 41], [5, 42]]],
  [28, [[7, 45], [3, 46]]], [28, [[10, 46], [1, 47]]], [26, [[9, 43], [4, 44]]], [26, [[3, 44], [11, 45]]], [26, [[3, 41], [13, 42]]],
];

/** Centres of the alignment patterns per version (1-20). */
const ALIGNMENT: number[][] = [
  [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50],
  [6, 30, 54], [6, 32, 58], [6, 34, 62], [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74], [6, 30, 54, 78], [6, 30, 56, 82], [6, 30, 58, 86], [6, 34, 62, 90],
];

/** Level M's two format bits. */
const LEVEL_M_BITS = 0b00;

/** A square of modules, true for dark, indexed [row][column]. */
export type QrMatrix = boolean[][];

const dataCapacity = (version: number): number => LEVEL_M[version - 1][1].reduce((sum, [blocks, data]) => sum + blocks * data, 0);

/** The byte-mode bit stream: mode, count, bytes, terminator, padding to the version's capacity. */
function dataCodewords(bytes: Uint8Array, version: number): number[] {
  const bits: number[] = [];
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i -= 1) bits.push((value >>> i) & 1);
  };
  const capacityBits = dataCapacity(version) * 8;
  push(0b0100, 4);
  push(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) push(byte, 8);
  push(0, Math.min(4, capacityBits - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  const words: number[] = [];
  for (let i = 0; i < bits.length; i += 8) words.push(bits.slice(i, i + 8).reduce((word, bit) => (word << 1) | bit, 0));
  for (let pad = 0xec; words.length < capacityBits / 8; pad ^= 0xec ^ 0x11) words.push(pad);
  return words;
}

/** GF(256) with the QR polynomial 0x11d. */
function gfMultiply(a: number, b: number): number {
  let product = 0;
  for (let i = 7; i >= 0; i -= 1) {
    product = (product << 1) ^ ((product >>> 7) * 0x11d);
    product ^= ((b >>> i) & 1) * a;
  }
  return product & 0xff;
}

/** Reed-Solomon error correction codewords of a block. */
function errorCorrection(data: number[], degree: number): number[] {
  // The generator polynomial's coefficients, highest power first (its leading 1 left out).
  const generator = new Array<number>(degree).fill(0);
  generator[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i += 1) {
    for (let j = 0; j < degree; j += 1) {
      generator[j] = gfMultiply(generator[j], root) ^ (j + 1 < degree ? generator[j + 1] : 0);
    }
    root = gfMultiply(root, 0x02);
  }
  const remainder = new Array<number>(degree).fill(0);
  for (const word of data) {
    const factor = word ^ remainder.shift()!;
    remainder.push(0);
    for (let i = 0; i < degree; i += 1) remainder[i] ^= gfMultiply(generator[i], factor);
  }
  return remainder;
}

/** Blocks with their error correction, interleaved as the symbol carries them. */
function interleaved(words: number[], version: number): number[] {
  const [ecPerBlock, groups] = LEVEL_M[version - 1];
  const blocks: number[][] = [];
  let at = 0;
  for (const [count, size] of groups) {
    for (let i = 0; i < count; i += 1) {
      blocks.push(words.slice(at, at + size));
      at += size;
    }
  }
  const corrections = blocks.map((block) => errorCorrection(block, ecPerBlock));
  const out: number[] = [];
  const longest = Math.max(...blocks.map((block) => block.length));
  for (let i = 0; i < longest; i += 1) for (const block of blocks) if (i < block.length) out.push(block[i]);
  for (let i = 0; i < ecPerBlock; i += 1) for (const correction of corrections) out.push(correction[i]);
  return out;
}

/** A BCH code: `value` followed by the remainder of its division by `generator`. */
function bch(value: number, generator: number, generatorDegree: number): number {
  let remainder = value << generatorDegree;
  for (let bit = 31; bit >= generatorDegree; bit -= 1) if ((remainder >>> bit) & 1) remainder ^= generator << (bit - generatorDegree);
  return (value << generatorDegree) | remainder;
}

const MASKS: ((row: number, column: number) => boolean)[] = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_r, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

class Symbol {
  readonly size: number;
  readonly dark: QrMatrix;
  readonly reserved: boolean[][];

  constructor(readonly version: number) {
    this.size = version * 4 + 17;
    this.dark = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
    this.reserved = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
    this.drawFunctionPatterns();
  }

  set(row: number, column: number, dark: boolean): void {
    this.dark[row][column] = dark;
    this.reserved[row][column] = true;
  }

  private drawFunctionPatterns(): void {
    const { size } = this;
    for (let i = 0; i < size; i += 1) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [row, column] of [[3, 3], [3, size - 4], [size - 4, 3]]) {
      for (let dr = -4; dr <= 4; dr += 1) {
        for (let dc = -4; dc <= 4; dc += 1) {
          const r = row + dr;
          const c = column + dc;
          if (r < 0 || c < 0 || r >= size || c >= size) continue;
          const ring = Math.max(Math.abs(dr), Math.abs(dc));
          this.set(r, c, ring !== 2 && ring !== 4);
        }
      }
    }
    const centres = ALIGNMENT[this.version - 1];
    const last = centres.length - 1;
    centres.forEach((row, i) => centres.forEach((column, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dr = -2; dr <= 2; dr += 1) for (let dc = -2; dc <= 2; dc += 1) this.set(row + dr, column + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
    }));
    this.drawFormat(0);
    if (this.version >= 7) {
      const bits = bch(this.version, 0x1f25, 12);
      for (let i = 0; i < 18; i += 1) {
        const dark = ((bits >>> i) & 1) === 1;
        const a = size - 11 + (i % 3);
        const b = Math.floor(i / 3);
        this.set(b, a, dark);
        this.set(a, b, dark);
      }
    }
  }

  /** The 15 format bits (level and mask) in both of their places, and the dark module. */
  drawFormat(mask: number): void {
    const { size } = this;
    const bits = bch((LEVEL_M_BITS << 3) | mask, 0x537, 10) ^ 0x5412;
    const bit = (i: number) => ((bits >>> i) & 1) === 1;
    for (let i = 0; i <= 5; i += 1) this.set(i, 8, bit(i));
    this.set(7, 8, bit(6));
    this.set(8, 8, bit(7));
    this.set(8, 7, bit(8));
    for (let i = 9; i < 15; i += 1) this.set(8, 14 - i, bit(i));
    for (let i = 0; i < 8; i += 1) this.set(8, size - 1 - i, bit(i));
    for (let i = 8; i < 15; i += 1) this.set(size - 15 + i, 8, bit(i));
    this.set(size - 8, 8, true);
  }

  /** The codewords in the zigzag of two-module columns, right to left, skipping the timing column. */
  drawData(codewords: number[]): void {
    const { size } = this;
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      const upward = ((right + 1) & 2) === 0;
      for (let step = 0; step < size; step += 1) {
        const row = upward ? size - 1 - step : step;
        for (const column of [right, right - 1]) {
          if (this.reserved[row][column]) continue;
          this.dark[row][column] = i < codewords.length * 8 && ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
          i += 1;
        }
      }
    }
  }

  applyMask(mask: number): void {
    for (let r = 0; r < this.size; r += 1) for (let c = 0; c < this.size; c += 1) if (!this.reserved[r][c] && MASKS[mask](r, c)) this.dark[r][c] = !this.dark[r][c];
  }

  /** The penalty of the four rules a mask is chosen by. */
  penalty(): number {
    const { size, dark } = this;
    let score = 0;
    const lines: boolean[][] = [...dark, ...dark.map((_row, c) => dark.map((row) => row[c]))];
    for (const line of lines) {
      let run = 1;
      for (let i = 1; i <= size; i += 1) {
        if (i < size && line[i] === line[i - 1]) run += 1;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
      const text = line.map((module) => (module ? '1' : '0')).join('');
      for (let at = text.indexOf('1011101'); at >= 0; at = text.indexOf('1011101', at + 1)) {
        const before = text.slice(Math.max(0, at - 4), at);
        const after = text.slice(at + 7, at + 11);
        if ((at >= 4 && before === '0000') || (at + 11 <= size && after === '0000')) score += 40;
      }
    }
    for (let r = 0; r + 1 < size; r += 1) {
      for (let c = 0; c + 1 < size; c += 1) {
        const v = dark[r][c];
        if (dark[r][c + 1] === v && dark[r + 1][c] === v && dark[r + 1][c + 1] === v) score += 3;
      }
    }
    const darkCount = dark.reduce((sum, row) => sum + row.filter(Boolean).length, 0);
    score += Math.floor(Math.abs((darkCount * 100) / (size * size) - 50) / 5) * 10;
    return score;
  }
}

/** The QR code of a text (UTF-8 bytes) at level M, or an error when it does not fit version 20. */
export function encodeQrCode(text: string): QrMatrix {
  const bytes = new TextEncoder().encode(text);
  const version = LEVEL_M.findIndex((_entry, i) => 4 + (i + 1 < 10 ? 8 : 16) + bytes.length * 8 <= dataCapacity(i + 1) * 8) + 1;
  if (version === 0) throw new Error(`a QR code at level M holds at most ${dataCapacity(20) - 3} bytes`);
  const codewords = interleaved(dataCodewords(bytes, version), version);
  let best: { mask: number; penalty: number } | undefined;
  for (let mask = 0; mask < 8; mask += 1) {
    const symbol = new Symbol(version);
    symbol.drawData(codewords);
    symbol.applyMask(mask);
    symbol.drawFormat(mask);
    const penalty = symbol.penalty();
    if (!best || penalty < best.penalty) best = { mask, penalty };
  }
  const symbol = new Symbol(version);
  symbol.drawData(codewords);
  symbol.applyMask(best!.mask);
  symbol.drawFormat(best!.mask);
  return symbol.dark;
}
