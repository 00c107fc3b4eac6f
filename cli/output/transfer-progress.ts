/**
 * How `storage cp` shows a transfer. In a terminal, a transfer of more than a few MB gets a live
 * bar on stderr (bytes, files, speed, time left, drawn by cli-progress) with the per-file lines
 * printed above it; small transfers and everything outside a terminal get the plain lines only,
 * so logs and pipes see exactly what the original prints.
 */
import type { MultiBar, SingleBar } from 'cli-progress';
import type { CommandContext } from '../context.js';
import { linesOnly, type TransferReporter } from '../../tasks/storage/transfer-jobs.js';

/** Below this many bytes a transfer is over too quickly for a bar to help. */
export const PROGRESS_MIN_BYTES = 4 * 1024 * 1024;

/** A reporter that must be stopped when the transfer ends, to restore the terminal. */
export interface StoppableReporter extends TransferReporter {
  stop(): void;
}

/** `1.5 MB`-style sizes (decimal units, as transfer speeds are usually given). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${value} ${units[0]}` : `${value.toFixed(1)} ${units[unit]}`;
}

/** The reporter for this run: a live bar when stderr is a terminal the user watches, else lines. */
export async function transferReporter(ctx: Pick<CommandContext, 'io'>): Promise<StoppableReporter> {
  const line = (text: string) => ctx.io.stderr(`${text}\n`);
  if (!ctx.io.interactive || !process.stderr.isTTY) return { ...linesOnly(line), stop: () => {} };
  const progress = await import('cli-progress');
  let multi: MultiBar | undefined;
  let bar: SingleBar | undefined;
  let files = 0;
  let totalFiles = 0;
  let moved = 0;
  const began = Date.now();
  const payload = () => {
    const seconds = (Date.now() - began) / 1000;
    return { files, totalFiles, speed: seconds > 0 ? `${formatBytes(moved / seconds)}/s` : '' };
  };
  return {
    line: (text) => (multi ? multi.log(`${text}\n`) : line(text)),
    planned(count, bytes) {
      totalFiles = count;
      if (bytes < PROGRESS_MIN_BYTES) return;
      multi = new progress.MultiBar({
        stream: process.stderr,
        format: '{bar} {percentage}% | {value} / {total} | {files}/{totalFiles} files | {speed} | {eta_formatted} left',
        formatValue: (value, _options, type) => (type === 'value' || type === 'total' ? formatBytes(Number(value)) : String(value)),
        // The cursor stays visible: hiding it would need a SIGINT handler to show it again, and
        // such a handler would keep Ctrl-C from ending the command.
        hideCursor: false,
        clearOnComplete: false,
        stopOnComplete: false,
        barsize: 24,
        etaBuffer: 40,
        fps: 8,
      }, progress.Presets.shades_classic);
      bar = multi.create(bytes, 0, payload());
    },
    moved(bytes) {
      moved += bytes;
      bar?.increment(bytes, payload());
    },
    finished() {
      files++;
      bar?.update(payload());
    },
    stop() {
      multi?.stop();
    },
  };
}
