#!/usr/bin/env node
// Entry point. `--version` and `[command ...] --help` are answered before the CLI loads, so they
// cost little more than starting Node; everything else goes through the compiled CLI in dist/:
// its one-file bundle (dist/cli-script.js, see scripts/bundle-cli.js) or, when `tsc` ran after
// the bundle was made, the modules tsc wrote.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  const { VERSION } = await import('../dist/cli/version.js');
  process.stdout.write(`${VERSION}\n`);
} else {
  const help = helpPage(argv);
  if (help !== undefined) {
    process.stdout.write(help);
  } else {
    const bundle = new URL('../dist/cli-script.js', import.meta.url);
    const { runFromProcess } = builtAfterTsc(bundle) ? loadBundle(fileURLToPath(bundle)) : await import('../dist/cli/process-io.js');
    process.exitCode = await runFromProcess(argv);
  }
}

/**
 * The exports of the CLI bundle, compiled with the code cache the build made of it when V8 takes
 * it (same V8, same flags); otherwise compiled afresh, as require() would.
 */
function loadBundle(file) {
  let cachedData;
  try {
    cachedData = readFileSync(file.replace(/\.js$/, '.cache'));
  } catch {
    // no cache: compile from source
  }
  const script = new vm.Script(readFileSync(file, 'utf8'), { filename: file, cachedData });
  const module = { exports: {} };
  const importExternal = (specifier) => import(specifier);
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file), importExternal);
  return module.exports;
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
    if (!builtAfterTsc(indexFile)) return undefined;
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
 * Whether `file`, made by `npm run build` from what tsc wrote (the help index, the CLI bundle),
 * exists and is at least as new as tsc's output. `tsc` rewrites every file it emits, so one older
 * than dist/cli/main.js means `tsc` ran without the rest of `npm run build`: it may describe older
 * commands, and the modules tsc wrote answer instead (slower, never stale).
 */
function builtAfterTsc(file) {
  const made = statSync(file, { throwIfNoEntry: false });
  if (made === undefined) return false;
  const cli = statSync(new URL('../dist/cli/main.js', import.meta.url), { throwIfNoEntry: false });
  return cli === undefined || made.mtimeMs >= cli.mtimeMs;
}
