/**
 * Start-up of the CLI next to its floor, `node -e 0`, measured interleaved: `--version`,
 * `--help`, and `<command> --help` for every command in turn (budget: help within 1.3x of the
 * floor; `--version` as fast as it was, within 1.5x). Run with `npx tsx bench/cli-startup.ts`
 * after `npm run build`; BENCH_RUNS sets the rounds (default 21); BENCH_BEFORE adds an earlier
 * build's figures (see measure.ts).
 */
import { fileURLToPath } from 'node:url';
import { allCommands } from '../cli/registry/index.js';
import path from 'node:path';
import { beforeRoot, interleaved, reportRatios, timeCommand } from './measure.js';

const bin = fileURLToPath(new URL('../bin/supabase.js', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 21);
const node = process.execPath;
const commands = allCommands().filter((command) => command.parent && command.spec.path !== '__complete');

const beforeBin = beforeRoot && path.join(beforeRoot, 'bin', 'supabase.js');

const samples = interleaved(runs, {
  'node -e 0': () => timeCommand(node, ['-e', '0']),
  'supabase --version': () => timeCommand(node, [bin, '--version']),
  'supabase --help': () => timeCommand(node, [bin, '--help']),
  [`supabase <command> --help (a different one of ${commands.length} each round)`]: (round) =>
    timeCommand(node, [bin, ...commands[round % commands.length].spec.path.split(' '), '--help']),
  ...(beforeBin
    ? {
        'supabase --help (before)': () => timeCommand(node, [beforeBin, '--help']),
        'supabase <command> --help (before)': (round: number) =>
          timeCommand(node, [beforeBin, ...commands[round % commands.length].spec.path.split(' '), '--help']),
      }
    : {}),
});
const [, , help, commandHelp] = Object.keys(samples);
reportRatios('node -e 0', samples, 'ms', { 'supabase --version': '1.5x', [help]: '1.3x', [commandHelp]: '1.3x' });
