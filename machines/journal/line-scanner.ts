/**
 * Fast decoders for journal text. The writer always lays a line out the same way
 * (`{"v":1,"seq":N,"time":"...","stream":"...","type":"...","data":{...}}`, see encodeEvent), so
 * the envelope is checked with one pattern and read by position, and only the `data` object goes
 * through JSON.parse. A line without exactly this layout (an escape in the envelope, other keys or
 * key order, damage) is decoded by decodeEvent instead, so it gets JSON.parse's result or error.
 * Hand-written because it reads a layout only this tool writes; no JSON library offers that.
 */
import { JOURNAL_SCHEMA_VERSION, MalformedLineError, decodeEvent, inStream, type EventData, type JournalEvent, type MachineEvent } from './journal-event.js';

/** A line of decoded text that is not an event: its number (counted from `firstLine`) and why. */
export interface DamagedText {
  lineNumber: number;
  reason: string;
}

/**
 * The envelope as the writer lays it out, up to the data: integers without leading zeros, strings
 * without escapes or control characters. Matched in place (sticky) at each line start; the
 * positions are then found by searching for quotes, which this pattern proves are closing ones.
 * (JSON allows no raw control character in a string, so the pattern must exclude them.)
 */
// eslint-disable-next-line no-control-regex
const ENVELOPE = /\{"v":(?:0|[1-9]\d*),"seq":(?:0|[1-9]\d*),"time":"[^"\\\x00-\x1f]*","stream":"[^"\\\x00-\x1f]*","type":"[^"\\\x00-\x1f]*","data":/y;
const V_AT = '{"v":'.length;
const SEQ_AFTER_V = ',"seq":'.length;
const TIME_AFTER_SEQ = ',"time":"'.length;
const STREAM_AFTER_TIME = '","stream":"'.length;
const TYPE_AFTER_STREAM = '","type":"'.length;
const DATA_AFTER_TYPE = '","data":'.length;
const ZERO = 0x30;
const NINE = 0x39;
const CLOSE_BRACE = 0x7d;
const EMPTY_DATA = '{}';

/**
 * The loop over lines and the envelope, shared by both decoders. Positions of the line being
 * decoded are kept in fields rather than returned, so nothing is allocated for them.
 */
abstract class LineDecoder<Event> {
  protected v = 0;
  protected seq = 0;
  protected timeStart = 0;
  protected streamStart = 0;
  protected dataStart = 0;
  // The integer read by readInteger.
  private integer = 0;
  // Where lines that are not events go instead of failing the decoding (onDamaged).
  private damaged: ((damage: DamagedText) => void) | undefined;

  /**
   * Lines that are not events are handed to `handler` and skipped, instead of failing the whole
   * decoding: the journal's owner sets them aside (tasks/journal/damaged-lines.ts). A line of a
   * newer format still fails it: it is an event, only not one this version can read.
   */
  onDamaged(handler: (damage: DamagedText) => void): this {
    this.damaged = handler;
    return this;
  }

  /**
   * Calls `visit` with each event of `text`: whole lines (the last may lack its newline), empty
   * ones skipped, numbered from `firstLine` for errors.
   */
  forEach(text: string, visit: (event: Event) => void, firstLine = 1): void {
    let lineNumber = firstLine - 1;
    for (let start = 0; start < text.length; ) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      lineNumber += 1;
      if (end > start) {
        const event = this.readEnvelope(text, start, end) ? this.decodeLine(text, end) : undefined;
        const decoded = event === undefined ? this.decodeSlow(text, start, end, lineNumber) : event;
        if (decoded !== null) visit(decoded);
      }
      start = end + 1;
    }
  }

  /** A line not in the writer's layout, through JSON.parse: its event, or null (skipped, or damaged and handed over). */
  private decodeSlow(text: string, start: number, end: number, lineNumber: number): Event | null {
    let event: JournalEvent;
    try {
      event = decodeEvent(text.slice(start, end), lineNumber);
    } catch (error) {
      if (!this.damaged || !(error instanceof MalformedLineError) || error.newerFormat) throw error;
      this.damaged({ lineNumber, reason: error.reason });
      return null;
    }
    return this.decodeOther(event);
  }

  /** The events of `text`, as an array. */
  decodeAll(text: string, firstLine = 1): Event[] {
    const events: Event[] = [];
    this.forEach(text, (event) => void events.push(event), firstLine);
    return events;
  }

  /**
   * A line in the writer's layout, its envelope read: the event, null to skip it, or undefined
   * when its data is not one JSON object after all (then JSON.parse of the whole line decides).
   */
  protected abstract decodeLine(text: string, end: number): Event | null | undefined;

  /** A line in another layout, decoded by JSON.parse: the event, or null to skip it. */
  protected abstract decodeOther(event: JournalEvent): Event | null;

  /** Whether the line has the writer's layout; then the fields hold its positions and numbers. */
  private readEnvelope(text: string, start: number, end: number): boolean {
    ENVELOPE.lastIndex = start;
    if (!ENVELOPE.test(text) || ENVELOPE.lastIndex >= end || text.charCodeAt(end - 1) !== CLOSE_BRACE) return false;
    this.dataStart = ENVELOPE.lastIndex;
    const seqAt = this.readInteger(text, start + V_AT) + SEQ_AFTER_V;
    this.v = this.integer;
    this.timeStart = this.readInteger(text, seqAt) + TIME_AFTER_SEQ;
    this.seq = this.integer;
    this.streamStart = text.indexOf('"', this.timeStart) + STREAM_AFTER_TIME;
    return this.v <= JOURNAL_SCHEMA_VERSION;
  }

  /** Reads the digits at `from` (the envelope pattern checked them) into `integer`; returns the position after them. */
  private readInteger(text: string, from: number): number {
    let value = 0;
    let at = from;
    for (let code = text.charCodeAt(at); code >= ZERO && code <= NINE; code = text.charCodeAt(++at)) value = value * 10 + (code - ZERO);
    this.integer = value;
    return at;
  }
}

/** The data object of a line, or undefined when the text is not one JSON value. */
function parseData(text: string): EventData | undefined {
  if (text === EMPTY_DATA) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return typeof value === 'object' && value !== null ? (value as EventData) : {};
}

/** Decodes journal text into events; `stream` keeps only that stream and the streams under `name:`. */
export class JournalTextDecoder extends LineDecoder<JournalEvent> {
  private readonly stream: string | undefined;

  constructor(options: { stream?: string } = {}) {
    super();
    this.stream = options.stream || undefined;
  }

  protected decodeLine(text: string, end: number): JournalEvent | null | undefined {
    const streamEnd = text.indexOf('"', this.streamStart);
    const stream = text.slice(this.streamStart, streamEnd);
    if (this.stream && !inStream(stream, this.stream)) return null;
    const data = parseData(text.slice(this.dataStart, end - 1));
    if (!data) return undefined;
    const time = text.slice(this.timeStart, this.streamStart - STREAM_AFTER_TIME);
    const type = text.slice(streamEnd + TYPE_AFTER_STREAM, this.dataStart - DATA_AFTER_TYPE);
    return { v: this.v, seq: this.seq, time, stream, type, data };
  }

  protected decodeOther(event: JournalEvent): JournalEvent | null {
    return !this.stream || inStream(event.stream, this.stream) ? event : null;
  }
}

/** What a fold needs of an event, with the machine event it stands for built once. */
export interface FoldInput {
  seq: number;
  stream: string;
  type: string;
  data: EventData;
  machineEvent: MachineEvent;
}

/** How many distinct lines a fold decoder remembers, and the longest line part worth remembering. */
const SHARED_LIMIT = 4096;
const SHARED_MAX_LENGTH = 256;

/**
 * Decodes journal text for a fold. Lines whose stream, type and data are the same text (the
 * `SERVICE_HEALTHY` of `db` in `stack`, say, all through a journal) are parsed once and share
 * their strings, data object and machine event: the fold only reads them, and nobody else sees
 * them. The time is not read at all.
 */
export class FoldDecoder extends LineDecoder<FoldInput> {
  // Parts already seen, by their text from the stream to the end of the line.
  private readonly shared = new Map<string, Omit<FoldInput, 'seq'>>();

  protected decodeLine(text: string, end: number): FoldInput | undefined {
    const key = text.slice(this.streamStart, end);
    let part = this.shared.get(key);
    if (!part) {
      const data = parseData(text.slice(this.dataStart, end - 1));
      if (!data) return undefined;
      const streamEnd = text.indexOf('"', this.streamStart);
      const type = text.slice(streamEnd + TYPE_AFTER_STREAM, this.dataStart - DATA_AFTER_TYPE);
      part = { stream: text.slice(this.streamStart, streamEnd), type, data, machineEvent: { ...data, type } };
      if (key.length <= SHARED_MAX_LENGTH) {
        // A journal whose lines stop repeating starts over rather than growing without end.
        if (this.shared.size >= SHARED_LIMIT) this.shared.clear();
        this.shared.set(key, part);
      }
    }
    return { seq: this.seq, stream: part.stream, type: part.type, data: part.data, machineEvent: part.machineEvent };
  }

  protected decodeOther(event: JournalEvent): FoldInput {
    return { seq: event.seq, stream: event.stream, type: event.type, data: event.data, machineEvent: { ...event.data, type: event.type } };
  }
}
