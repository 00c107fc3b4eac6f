/**
 * `supabase events [--stream NAME] [-o pretty|json]`: the project's event journal, in order.
 * Reads the file only: no machines, no xstate, no listr2, so it answers as fast as `--version`.
 */
import type { CommandContext } from '../context.js';
import { UserError } from '../errors.js';
import { renderOutput } from '../output/render.js';
import { renderTable } from '../output/table.js';
import { MalformedLineError, type JournalEvent } from '../../machines/journal/journal-event.js';
import { journalPaths } from '../../tasks/journal/journal-paths.js';
import { readJournal } from '../../tasks/journal/journal-reader.js';

/** Lists the journal's events, optionally of one stream (and the streams under `NAME:`). */
export default async function run(ctx: CommandContext): Promise<number> {
  const stream = (ctx.flags['stream'] as string | undefined) || undefined;
  const file = journalPaths(ctx.projectRoot).journal;
  let events: JournalEvent[];
  try {
    const read = readJournal(file, { stream });
    events = read.events;
    if (read.tornBytes > 0) ctx.log.debug(`ignored an unfinished last line (${read.tornBytes} bytes) in ${file}`);
  } catch (error) {
    if (error instanceof MalformedLineError) {
      throw new UserError(
        `failed to read the event journal: ${error.message}`,
        `The file ${file} is damaged. Move it away to start a new journal; the local stack itself is not affected.`,
        { cause: error },
      );
    }
    throw error;
  }
  const format = (ctx.flags['output'] as string | undefined) ?? 'pretty';
  ctx.io.stdout(await renderOutput(format, { value: events, pretty: () => prettyEvents(events, stream) }));
  return 0;
}

function prettyEvents(events: JournalEvent[], stream: string | undefined): string {
  if (events.length === 0) return stream ? `No events recorded for ${stream}.\n` : 'No events recorded yet.\n';
  return renderTable(
    ['SEQ', 'TIME (UTC)', 'STREAM', 'EVENT', 'DATA'],
    events.map((event) => [String(event.seq), event.time.replace('T', ' ').replace(/\.\d+Z$/, ''), event.stream, event.type, describeData(event.data)]),
  );
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
