#!/usr/bin/env -S node --
// Entry point. `--version` and `[command ...] --help` are answered before the CLI loads, so they
// cost little more than starting Node; everything else goes through the compiled CLI in dist/:
// its one-file bundle (dist/cli-script.js, see scripts/bundle-cli.js) or, when `tsc` ran after
// the bundle was made, the modules tsc wrote.
//
// A CommonJS file (bin/package.json says so; the rest of the package is ES modules): Node starts
// a CommonJS entry without setting up its ES module loader, some 5-8 ms of every command. The
// loader is set up only when a command imports a module that stays outside the bundle.
//
// The `--` on the first line ends Node's own options before this file's name. Node 20 looks for
// its `--env-file` option in the WHOLE command line, the script's arguments included, and exits
// (code 9, `node: <file>: not found`) before any of this runs when the file is missing: so
// `supabase secrets set --env-file f` never reached the CLI. Node stops that search at `--`.
// (`env -S` splits the line into `node` and `--`; npm's Windows shims read it the same way.)
'use strict';
const { readFileSync, statSync } = require('node:fs');
const path = require('node:path');
const { loadCachedScript } = require('./cached-script.js');

const dist = path.join(__dirname, '..', 'dist');

main(process.argv.slice(2)).catch((error) => {
  // What the CLI's own handler did not catch: a broken installation, say.
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});

async function main(argv) {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
    const version = freshIndex()?.version ?? (await import('../dist/cli/version.js')).VERSION;
    process.stdout.write(`${version}\n`);
    return;
  }
  const help = helpPage(argv);
  if (help !== undefined) {
    process.stdout.write(help);
    return;
  }
  const bundle = path.join(dist, 'cli-script.js');
  const { runFromProcess } = builtAfterTsc(bundle) ? loadBundle(bundle, argv) : await import('../dist/cli/process-io.js');
  const code = await runFromProcess(argv);
  process.exitCode = code;
  // The command is over (a command that serves, functions serve, returns only when told to stop),
  // yet what it used may keep the event loop a while: sockets kept alive, a pool's idle timer, a
  // probe's timeout. Waiting for them cost `start` some 60-100 ms after its last line. The exit
  // comes once stdout and stderr have taken everything written (pipes may be asynchronous).
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

/**
 * The exports of the CLI bundle, compiled with the best code cache V8 takes (cached-script.js): the
 * one this user's earlier commands trained, else the build's, else none. What a command trains is
 * named by its words (`db reset`), so each command adds what it compiled once.
 */
function loadBundle(file, argv) {
  return loadCachedScript(file, { purpose: commandWords(argv), importExternal: (specifier) => import(specifier) });
}

/** The first two words of a command line that are not flags: the command, or its group and command. */
function commandWords(argv) {
  const words = [];
  for (const word of argv) {
    if (word.startsWith('-') || words.length === 2) break;
    words.push(word);
  }
  return words.join(' ');
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
  const index = freshIndex();
  if (index === undefined) return undefined;
  let entry = index.commands[''];
  for (const word of commandWords) {
    const child = Object.hasOwn(entry.children, word) ? entry.children[word] : undefined;
    if (child === undefined) break;
    entry = index.commands[child];
  }
  return entry.help;
}

/** The help index `npm run build` renders (pages and version), unless missing, unreadable or stale. */
function freshIndex() {
  const file = path.join(dist, 'help-index.json');
  try {
    return builtAfterTsc(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  } catch {
    return undefined;
  }
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
  const cli = statSync(path.join(dist, 'cli', 'main.js'), { throwIfNoEntry: false });
  return cli === undefined || made.mtimeMs >= cli.mtimeMs;
}
