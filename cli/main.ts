/**
 * The command line's front door: argv -> command -> flags checked by the pflag-style tokenizer and
 * read by meow -> validated input -> lazily loaded handler,
 * and the one place where errors become messages and exit codes (0 ok, 1 failure, 2 usage).
 */
import type { CommandContext, CommandIO, GlobalOptions } from './context.js';
import { createDebugLog, redact } from './debug-log.js';
import { NotAvailableError, UsageError, UserError, isUserError } from './errors.js';
import { renderHelp } from './help/render-help.js';
import { registryDocuments } from './help/registry-documents.js';
import { parseFlags } from './argv/parse-flags.js';
import { resolveCommand, suggestCommands } from './argv/resolve-command.js';
import { HELP_FLAG, VERSION_FLAG, tokenize } from './argv/tokenize.js';
import { checkArgs, checkExclusive, checkRequired } from './argv/validate.js';
import { fileSystemFailure } from './file-system-errors.js';
import { findProjectRoot } from './project-root.js';
import { commandLine, effectiveFlags, isExperimental, isRunnable, type CommandNode } from './registry/index.js';
import { redactArgv, writeTicket } from './ticket.js';
import { secretValuesOf, type SecretValues } from './secret-values.js';
import { isTaskError } from '../tasks/task-error.js';
import { interruptedBy } from '../tasks/orchestration/interrupts.js';
import { VERSION } from './version.js';

const DEFAULT_SUGGESTION = 'Try rerunning the command with --debug to troubleshoot the error.';

export interface MainOptions {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  io: CommandIO;
}

/** Runs one command line to completion and returns the exit code. */
export async function main(options: MainOptions): Promise<number> {
  const { argv, env, io } = options;
  // Until the flags are parsed, --debug is known only from a quick look, so early failures still log.
  let debug = argv.includes('--debug') || /^(1|true)$/i.test(env.SUPABASE_DEBUG ?? '');
  // Known before anything is logged or can fail, so no line, message or report carries them.
  const known = secretValuesOf(argv, env, resolveCommand(argv).node.spec.path === 'secrets set');
  const log = createDebugLog(debug, io.stderr, known);
  let createTicket = argv.includes('--create-ticket') || /^(1|true)$/i.test(env.SUPABASE_CREATE_TICKET ?? '');
  let node: CommandNode | undefined;
  if (argv[0] === '__complete' || argv[0] === '__completeNoDesc') {
    const { complete, formatCompletion } = await import('./completion/complete.js');
    // PowerShell cannot pass an empty argument to a native command, so its script sends "".
    const words = argv.slice(1).map((word) => (word === '""' ? '' : word));
    io.stdout(formatCompletion(complete(words), argv[0] === '__complete'));
    return 0;
  }
  try {
    const resolved = resolveCommand(argv);
    node = resolved.node;
    const accepted = [...effectiveFlags(node), HELP_FLAG, ...(node.parent ? [] : [VERSION_FLAG])];
    const tokens = tokenize(argv, accepted, resolved.pathIndexes);
    // Help needs no flag values, so it is answered before the parser loads.
    if (tokens.occurrences.some((occurrence) => occurrence.flag === HELP_FLAG && occurrence.value !== 'false')) {
      io.stdout(renderHelp(node));
      return 0;
    }
    // meow reads what the tokenizer checked; the resolved command is dispatched with what it read.
    const parsed = await parseFlags(tokens, accepted, env);
    const globals = globalOptions(parsed.values);
    createTicket = globals.createTicket;
    debug = globals.debug;
    if (globals.debug) io.stderr(`Supabase CLI ${VERSION}\n`);
    log.debug(`command: ${commandLine(node)} ${redactArgv(parsed.args, known).join(' ')}`.trimEnd());

    if (!node.parent && parsed.values.version) {
      io.stdout(`${VERSION}\n`);
      return 0;
    }
    if (!isRunnable(node)) return showGroup(node, parsed.args, io);

    checkArgs(node, parsed.args);
    checkRequired(node, new Set([...parsed.changed, ...parsed.fromEnv]));
    checkExclusive(node, parsed.changed);
    if (isExperimental(node) && !globals.experimental) {
      throw new UsageError('must set the --experimental flag to run this command', `Run it again as: ${commandLine(node)} --experimental`);
    }
    if (node.spec.deprecated) io.stderr(`Command "${node.name}" is deprecated, ${node.spec.deprecated}\n`);
    if (globals.dnsResolver === 'https') {
      const { installDohResolver } = await import('../tasks/net/doh-resolver.js');
      installDohResolver(env.SUPABASE_INTERNAL_DOH_URL || undefined);
    }
    if (!node.spec.load) throw new NotAvailableError(commandLine(node));
    // With --local a command talks to the local stack only (storage ls --local), never the Management API.
    if (node.spec.requiresLogin && parsed.values.local !== true) {
      // The original checks the token before anything else a Management API command does.
      const { loadAccessToken } = await import('../tasks/management-api/access-token.js');
      await loadAccessToken(env);
    }

    const context: CommandContext = {
      path: node.spec.path,
      args: parsed.args,
      flags: parsed.values,
      changed: parsed.changed,
      globals,
      projectRoot: findProjectRoot(options.cwd, globals.workdir, { walkUp: node.spec.path !== 'init' }),
      env,
      io,
      log,
      documents: registryDocuments,
    };
    const handler = await node.spec.load();
    return (await handler.default(context)) ?? 0;
  } catch (error) {
    // Interrupted: the signal handler says so in one line and exits; the failures it caused are not news.
    if (interruptedBy()) return new Promise<number>(() => undefined);
    return reportFailure(error, { argv, env, io, log, known, node, createTicket, debug });
  }
}

function globalOptions(values: Record<string, unknown>): GlobalOptions {
  return {
    debug: values.debug === true,
    experimental: values.experimental === true,
    dnsResolver: values['dns-resolver'] === 'https' ? 'https' : 'native',
    createTicket: values['create-ticket'] === true,
    workdir: typeof values.workdir === 'string' && values.workdir !== '' ? values.workdir : undefined,
  };
}

/** A parent command alone prints its help; with an unknown word it is a usage error. */
function showGroup(node: CommandNode, positional: string[], io: CommandIO): number {
  if (positional.length === 0) {
    io.stdout(renderHelp(node));
    return 0;
  }
  const word = positional[0];
  const close = suggestCommands(node, word);
  const hint = close.length > 0
    ? `Did you mean this?\n${close.map((name) => `\t${name}`).join('\n')}`
    : `Run "${commandLine(node)} --help" for the list of commands.`;
  throw new UsageError(`unknown command "${word}" for "${commandLine(node)}"`, hint);
}

interface FailureContext {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  io: CommandIO;
  log: ReturnType<typeof createDebugLog>;
  known: SecretValues;
  node?: CommandNode;
  createTicket: boolean;
  /** Whether --debug is on: then the default suggestion, to rerun with --debug, is left out (as the original does). */
  debug: boolean;
}

/** Prints a failure as one message plus one suggestion, writes a report when due, returns the exit code. */
function reportFailure(thrown: unknown, context: FailureContext): number {
  const { io, log } = context;
  // The effect layer cannot import the CLI's errors; its TaskError carries the same parts. A full
  // disk or a read-only folder is the machine's state, not a bug: one line, no crash report.
  const error = isTaskError(thrown) ? new UserError(thrown.message, thrown.suggestion, { cause: thrown }) : fileSystemFailure(thrown) ?? thrown;
  const paint = io.interactive ? (text: string) => `\u001b[31m${text}\u001b[0m` : (text: string) => text;
  if (isUserError(error)) {
    log.debug(`error: ${error.stack ?? error.message}`);
    // Redacted too: stderr ends up in CI logs, and a failure may quote what the user typed.
    io.stderr(`${paint(redact(error.message, context.known))}\n`);
    const suggestion = error.name === 'UsageError' && !error.suggestion && context.node
      ? `Try "${commandLine(context.node)} --help" for usage.`
      : error.suggestion ?? (error.name === 'NotAvailableError' || context.debug ? undefined : DEFAULT_SUGGESTION);
    if (suggestion) io.stderr(`${suggestion}\n`);
    if (context.createTicket) printTicket('ticket', error, context);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  log.debug(`internal error: ${error instanceof Error ? error.stack : message}`);
  io.stderr(`${paint(`unexpected error: ${redact(message, context.known)}`)}\n`);
  printTicket(context.createTicket ? 'ticket' : 'crash-report', error, context);
  return 1;
}

function printTicket(kind: 'ticket' | 'crash-report', error: unknown, context: FailureContext): void {
  try {
    const path = writeTicket({ kind, argv: context.argv, error, debugLog: context.log.lines(), known: context.known }, context.env);
    context.io.stderr(`Wrote ${kind === 'ticket' ? 'a support ticket' : 'a crash report'} to ${path}\n`);
    context.io.stderr('Attach it when you report this problem; secrets in it are redacted.\n');
  } catch (writeError) {
    context.io.stderr(`Could not write a report: ${(writeError as Error).message}\n`);
  }
}
