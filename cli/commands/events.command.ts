/**
 * `supabase events [--stream NAME] [--since SEQ|TIME|DURATION] [--limit N] [-o pretty|json]`: the
 * project's event journal, in order. It seeks to where the listing starts and then reads and
 * prints a part at a time, waiting for standard output between parts, so the first lines come at
 * once and memory does not grow with the journal. Reads the file only: no machines, no xstate.
 * Outside a project folder it lists the per-user journal the hosted commands keep there.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CommandContext } from '../context.js';
import { UsageError, UserError } from '../errors.js';
import { JsonArrayStream } from '../output/json-array-stream.js';
import { StreamingTable } from '../output/table.js';
import { describeSince, parseSince, sinceTest, type Since } from '../events/since-flag.js';
import { MalformedLineError, type JournalEvent } from '../../machines/journal/journal-event.js';
import { journalPaths, journalPathsIn, userHostedJournalDir, type JournalPaths } from '../../tasks/journal/journal-paths.js';
import { JournalWindow } from '../../tasks/journal/journal-window.js';

/** How one format writes a listing part by part. */
interface EventsOutput {
  part(events: JournalEvent[]): string;
  /** The text that ends the listing; `empty` says why there was nothing to list. */
  end(empty: string): string;
}

/** Lists the journal's events, optionally of one stream (and the streams under `NAME:`). */
export default async function run(ctx: CommandContext): Promise<number> {
  const stream = (ctx.flags['stream'] as string | undefined) || undefined;
  const sinceText = (ctx.flags['since'] as string | undefined) || undefined;
  const since = sinceText === undefined ? undefined : parseSince(sinceText);
  const limit = (ctx.flags['limit'] as number | undefined) ?? 0;
  if (limit < 0) throw new UsageError(`invalid argument "${limit}" for "--limit" flag: must be 0 (every event) or more`);
  const output = ctx.flags['output'] === 'json' ? jsonOutput() : prettyOutput();
  const paths = journalPathsOf(ctx);
  const file = paths.journal;
  const journal = JournalWindow.open(file);
  try {
    if (journal) {
      if (journal.tornBytes > 0) ctx.log.debug(`ignored an unfinished last line (${journal.tornBytes} bytes) in ${file}`);
      for (const events of eventParts(journal, stream, since, limit)) {
        ctx.io.stdout(output.part(events));
        await ctx.io.drain?.();
      }
    }
  } catch (error) {
    // The reader stopped reading (`| head`): it has what it wanted.
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') return 0;
    // What was printed stays readable: a JSON listing is closed before the error is reported.
    ctx.io.stdout(output.end(''));
    // Only an event of a newer format stops a listing (lines that are not events are passed over).
    if (error instanceof MalformedLineError) {
      throw new UserError(
        `failed to read the event journal: ${error.message}`,
        `A newer version of the CLI wrote to ${file}: update supabase to read it.`,
        { cause: error },
      );
    }
    throw error;
  } finally {
    journal?.close();
  }
  ctx.io.stdout(output.end(emptyMessage(stream, since)));
  // Lines that are not events were left out of the listing; set aside, the next command goes on.
  if (journal && journal.damagedLines > 0) {
    const { setAsideDamagedLines, setAsideWarning } = await import('../../tasks/journal/damaged-lines.js');
    const lines = setAsideDamagedLines(paths);
    if (lines.length > 0) ctx.io.stderr(`${setAsideWarning(paths, lines)}\n`);
  }
  return 0;
}

/** The project's journal; outside a project folder, the one hosted commands write there (hosted-session.ts). */
function journalPathsOf(ctx: CommandContext): JournalPaths {
  const inProject = existsSync(path.join(ctx.projectRoot, 'supabase'));
  return inProject ? journalPaths(ctx.projectRoot) : journalPathsIn(userHostedJournalDir(ctx.env));
}

/** The events to list, a part at a time, from the point the flags give. */
function* eventParts(journal: JournalWindow, stream: string | undefined, since: Since | undefined, limit: number): Generator<JournalEvent[]> {
  let from = since ? journal.firstLineWhere(sinceTest(since)) : 0;
  if (limit > 0) from = journal.startOfLast(limit, from, stream);
  const decoder = journal.decoderFor(stream);
  for (const chunk of journal.chunks(from)) {
    try {
      yield decoder.decodeAll(chunk.text);
    } catch (error) {
      // The decoder counts lines from the chunk's start; the message names the line of the file.
      if (error instanceof MalformedLineError) throw new MalformedLineError(journal.lineNumberAt(chunk.start) + error.lineNumber - 1, error.reason);
      throw error;
    }
  }
}

function emptyMessage(stream: string | undefined, since: Since | undefined): string {
  const scope = [stream ? `for ${stream}` : '', since ? describeSince(since) : ''].filter(Boolean).join(' ');
  return scope ? `No events recorded ${scope}.\n` : 'No events recorded yet.\n';
}

/** `-o json`: one JSON array of the events as they are stored, valid once the listing ends. */
function jsonOutput(): EventsOutput {
  const array = new JsonArrayStream();
  return { part: (events) => array.items(events), end: () => array.end() };
}

/** The table, widened part by part when a later part needs it; a sentence when nothing was listed. */
function prettyOutput(): EventsOutput {
  const table = new StreamingTable(['SEQ', 'TIME (UTC)', 'STREAM', 'EVENT', 'DATA']);
  let listed = 0;
  return {
    part: (events) => {
      listed += events.length;
      return events.length === 0 ? '' : table.rows(events.map(row));
    },
    end: (empty) => (listed === 0 ? empty : ''),
  };
}

function row(event: JournalEvent): string[] {
  return [String(event.seq), event.time.replace('T', ' ').replace(/\.\d+Z$/, ''), event.stream, event.type, describeData(event.data)];
}

/** `key=value` pairs; long values are shortened, the JSON output has them whole. */
function describeData(data: Record<string, unknown>): string {
  return Object.entries(data)
    .map(([key, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return `${key}=${text.length > 60 ? `${text.slice(0, 57)}...` : text}`;
    })
    .join(' ');
}
