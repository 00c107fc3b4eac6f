#!/usr/bin/env node
// Entry point. `--version` and `[command ...] --help` are answered before the CLI loads, so they
// cost little more than starting Node; everything else goes through the compiled CLI in dist/.
import { readFileSync, statSync } from 'node:fs';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  const { VERSION } = await import('../dist/cli/version.js');
  process.stdout.write(`${VERSION}\n`);
} else {
  const help = helpPage(argv);
  if (help !== undefined) {
    process.stdout.write(help);
  } else {
    const { runFromProcess } = await import('../dist/cli/process-io.js');
    process.exitCode = await runFromProcess(argv);
  }
}

/**
 * The page for command words plus `--help` or `-h`, from the index `npm run build` renders
 * (cli/help/help-index.ts). The words lead down the command tree as far as they name commands;
 * later words are arguments, which help ignores, as the CLI does. Anything else (another flag,
 * `--`, completion requests, no index) is left to the CLI.
 */
function helpPage(words) {
  const commandWords = words.filter((word) => word !== '--help' && word !== '-h');
  if (commandWords.length === words.length || commandWords.some((word) => word.startsWith('-') || word.startsWith('__complete'))) {
    return undefined;
  }
  const indexFile = new URL('../dist/help-index.json', import.meta.url);
  let index;
  try {
    if (!newerThanCli(indexFile)) return undefined;
    index = JSON.parse(readFileSync(indexFile, 'utf8'));
  } catch {
    return undefined;
  }
  let entry = index.commands[''];
  for (const word of commandWords) {
    const path = Object.hasOwn(entry.children, word) ? entry.children[word] : undefined;
    if (path === undefined) break;
    entry = index.commands[path];
  }
  return entry.help;
}

/**
 * Whether the index was written after the CLI was last compiled. `tsc` rewrites every file it
 * emits, so an index older than dist/cli/main.js means `tsc` ran without the rest of `npm run
 * build`: the index may describe older commands, and the CLI answers instead (slower, never stale).
 */
function newerThanCli(indexFile) {
  const indexTime = statSync(indexFile).mtimeMs;
  const cli = statSync(new URL('../dist/cli/main.js', import.meta.url), { throwIfNoEntry: false });
  return cli === undefined || indexTime >= cli.mtimeMs;
}
