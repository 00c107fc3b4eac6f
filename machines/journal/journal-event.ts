/**
 * The journal's line format. One JSON object a line, with its keys always in this order, so a
 * line can be recognised (and its stream read) without parsing all of it. Pure: no I/O, no xstate,
 * so `supabase events` can load it cheaply.
 */

/** Version of the line format; readers refuse lines from a newer format. */
export const JOURNAL_SCHEMA_VERSION = 1;

/** Event data: whatever the machine's event carries besides its type. JSON values only. */
export type EventData = Record<string, unknown>;

/** One line of the journal. */
export interface JournalEvent {
  /** Schema version of the line. */
  v: number;
  /** Position in the journal, from 1, without gaps: assigned under the append lock. */
  seq: number;
  /** When it was appended, ISO 8601 UTC. */
  time: string;
  /** What it is about: `stack`, `custom-hostname:<ref>`, `branches:<ref>`, `migrations:<target>`. */
  stream: string;
  /** The machine event type, e.g. START or SERVICE_HEALTHY. */
  type: string;
  data: EventData;
}

/** An event before it is appended (the store assigns v, seq and time). */
export interface NewEvent {
  stream: string;
  type: string;
  data?: EventData;
}

/** Encodes an event as its journal line, without the newline. */
export function encodeEvent(event: JournalEvent): string {
  return JSON.stringify({ v: event.v, seq: event.seq, time: event.time, stream: event.stream, type: event.type, data: event.data });
}

/** Why a line could not be read. */
export class MalformedLineError extends Error {
  constructor(
    readonly lineNumber: number,
    readonly reason: string,
    /**
     * The line is an event of a newer format than this version reads: not damage, so it is never
     * set aside (the newer tool that wrote it still needs it); the read fails instead.
     */
    readonly newerFormat = false,
  ) {
    super(`journal line ${lineNumber} is not a valid event: ${reason}`);
    this.name = 'MalformedLineError';
  }
}

/** Decodes one complete line; throws MalformedLineError when it is not an event of a known version. */
export function decodeEvent(line: string, lineNumber: number): JournalEvent {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new MalformedLineError(lineNumber, (error as Error).message);
  }
  if (typeof value !== 'object' || value === null) throw new MalformedLineError(lineNumber, 'not an object');
  const event = value as JournalEvent;
  if (typeof event.v !== 'number') throw new MalformedLineError(lineNumber, `unsupported schema version ${String(event.v)}`);
  if (event.v > JOURNAL_SCHEMA_VERSION) throw new MalformedLineError(lineNumber, `unsupported schema version ${event.v}`, true);
  if (typeof event.seq !== 'number' || typeof event.stream !== 'string' || typeof event.type !== 'string') {
    throw new MalformedLineError(lineNumber, 'missing seq, stream or type');
  }
  if (typeof event.data !== 'object' || event.data === null) event.data = {};
  return event;
}

/** An event as a machine sees it: the journal event's data with its type. */
export type MachineEvent = { type: string } & EventData;

/** The machine event an appended event stands for: its data with its type. */
export function machineEvent(event: Pick<JournalEvent, 'type' | 'data'>): MachineEvent {
  return { ...event.data, type: event.type };
}

/** Whether an event belongs to a stream filter: the exact stream, or every stream under `name:`. */
export function inStream(stream: string, filter: string): boolean {
  return stream === filter || stream.startsWith(filter + ':');
}

