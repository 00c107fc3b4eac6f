/** The root command, its global flags, and the commands cobra users know from every CLI: completion and help. */
import type { CommandSpec, FlagSpec } from '../types.js';

/** Flags every command accepts, declared on the root. */
export const globalFlags: FlagSpec[] = [
  { name: 'debug', type: 'bool', persistent: true, env: 'SUPABASE_DEBUG', description: 'Write a debug log to stderr (secrets are redacted).' },
  { name: 'workdir', type: 'string', persistent: true, env: 'SUPABASE_WORKDIR', description: 'Project folder to use instead of searching upwards for supabase/config.toml.' },
  { name: 'experimental', type: 'bool', persistent: true, env: 'SUPABASE_EXPERIMENTAL', description: 'Allow commands that are still experimental.' },
  {
    name: 'dns-resolver',
    type: 'enum',
    values: ['native', 'https'],
    default: 'native',
    persistent: true,
    env: 'SUPABASE_DNS_RESOLVER',
    description: 'How host names are looked up: the system resolver, or DNS over HTTPS.',
  },
  { name: 'create-ticket', type: 'bool', persistent: true, env: 'SUPABASE_CREATE_TICKET', description: 'On failure, write a support ticket file with the error and the redacted debug log.' },
];

const completionShells = ['bash', 'zsh', 'fish', 'powershell'] as const;

const shellInstructions: Record<(typeof completionShells)[number], string> = {
  bash: 'Load it in the current shell with `source <(supabase completion bash)`, or save it under /etc/bash_completion.d/ for every session. Needs the bash-completion package.',
  zsh: 'Save it as a file named _supabase in a folder on your $fpath, then start a new shell. Run `autoload -U compinit; compinit` first if completion is not enabled yet.',
  fish: 'Load it with `supabase completion fish | source`, or save it as ~/.config/fish/completions/supabase.fish.',
  powershell: 'Load it with `supabase completion powershell | Out-String | Invoke-Expression`; add that line to your profile to keep it.',
};

export const additionalCommands: CommandSpec[] = [
  {
    path: '',
    group: 'additional',
    runnable: false,
    summary: 'Supabase CLI 1.145.4',
    description:
      'Develop a Supabase project locally, then manage it on the hosted platform. Run a command with ' +
      '--help to see what it accepts.',
    flags: globalFlags,
  },
  {
    path: 'completion',
    group: 'additional',
    runnable: false,
    summary: 'Print a shell completion script',
    description: 'Prints a script that teaches your shell to complete supabase commands, flags and values.',
  },
  ...completionShells.map((shell): CommandSpec => ({
    path: `completion ${shell}`,
    group: 'additional',
    summary: `Print the completion script for ${shell}`,
    description: `Prints the ${shell} completion script to stdout. ${shellInstructions[shell]}`,
    args: { min: 0, max: 0, usage: '' },
    flags: [{ name: 'no-descriptions', type: 'bool', description: 'Complete names only, without their descriptions.' }],
    examples: [{ id: `load-${shell}`, name: `Enable completion in ${shell}`, code: `supabase completion ${shell}` }],
    load: () => import('../../commands/completion.command.js'),
  })),
  {
    path: 'help',
    group: 'additional',
    summary: 'Show help for any command',
    description: 'Prints the help of the command named by the arguments, e.g. `supabase help db push`.',
    args: { min: 0, max: Infinity, usage: '[command]' },
    load: () => import('../../commands/help.command.js'),
  },
  {
    path: 'generateFigSpec',
    group: 'additional',
    hidden: true,
    aliases: ['genFigSpec'],
    summary: 'Print an autocomplete spec for the Fig terminal',
    flags: [{ name: 'include-hidden', type: 'bool', description: 'List hidden commands and flags too.' }],
    load: () => import('../../commands/fig-spec.command.js'),
  },
  {
    path: '__complete',
    group: 'additional',
    hidden: true,
    summary: 'Answer a shell completion request (used by the completion scripts)',
    // main.ts answers this before flag parsing, because the words it receives include other commands' flags.
    args: { min: 0, max: Infinity, usage: '[command-line words]' },
  },
];
