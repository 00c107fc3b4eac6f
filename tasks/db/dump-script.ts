/**
 * What `db dump` runs: pg_dump or pg_dumpall with the original's flags, and the
 * original's line rewrites of their output. Each rewrite is kept once, as a sed-style rule, and
 * is both applied here (as a JavaScript RegExp; the patterns use the part of ERE that both
 * understand) and printed for `--dry-run` as the shell script it stands for.
 */
import { INTERNAL_SCHEMAS } from './schemas.js';

/** Roles the platform owns; a role dump leaves them out. */
export const RESERVED_ROLES = [
  'anon', 'authenticated', 'authenticator', 'dashboard_user', 'pgbouncer', 'postgres', 'service_role', 'supabase_admin',
  'supabase_auth_admin', 'supabase_functions_admin', 'supabase_read_only_user', 'supabase_replication_admin',
  'supabase_storage_admin', 'pgsodium_keyholder', 'pgsodium_keyiduser', 'pgsodium_keymaker', 'pgtle_admin',
].join('|');

/** Role settings a role dump keeps. */
export const ALLOWED_CONFIGS = 'pgaudit.*|pgrst.*|session_replication_role|statement_timeout|track_io_timing';

/** Schemas whose data a data dump skips (auth, storage and friends are kept, unlike a schema dump). */
const DATA_EXCLUDED = [
  'information_schema', 'pg_*', 'graphql', 'graphql_public', 'pgtle', 'repack', 'tiger', 'tiger_data', 'timescaledb_*',
  '_timescaledb_*', 'topology', 'extensions', 'pgbouncer', 'realtime', '_realtime', '_analytics', 'supabase_migrations',
].join('|');

/** One line rewrite: `s/<pattern>/<replacement>/[g]` or, with `delete`, `/<pattern>/d`. */
export interface LineRule {
  pattern: string;
  replacement?: string;
  global?: boolean;
  delete?: boolean;
}

export interface DumpPlan {
  tool: 'pg_dump' | 'pg_dumpall';
  args: string[];
  /** Printed before the tool's output. */
  header: string[];
  rules: LineRule[];
  /** Collapse runs of equal lines, as `uniq` does. */
  uniq: boolean;
}

export interface DumpOptions {
  kind: 'schema' | 'data' | 'role';
  schemas: string[];
  keepComments?: boolean;
  useCopy?: boolean;
  excludeTables?: string[];
}

const comment = (pattern: string): LineRule => ({ pattern, replacement: '-- &' });
const ifNotExists = (object: string): LineRule => ({ pattern: `^CREATE ${object} "`, replacement: `CREATE ${object} IF NOT EXISTS "` });
const orReplace = (object: string): LineRule => ({ pattern: `^CREATE ${object} "`, replacement: `CREATE OR REPLACE ${object} "` });
const DROP_COMMENTS: LineRule = { pattern: '^--', delete: true };
/**
 * pg_dump 15.14 and later wrap their output in psql-only `\restrict <key>` / `\unrestrict`
 * lines (CVE-2025-8714); the server rejects them, so a dump meant to be a migration drops them.
 */
const DROP_RESTRICT: LineRule = { pattern: '^\\\\(un)?restrict ', delete: true };

/** Named schemas replace the default exclusions. */
function excludeUnlessNamed(options: DumpOptions, excluded: string): string[] {
  return options.schemas.length > 0 ? [] : ['--exclude-schema', excluded];
}

/** The plan for a dump. */
export function dumpPlan(options: DumpOptions): DumpPlan {
  const included = options.schemas.length > 0 ? options.schemas.join('|') : '*';
  if (options.kind === 'data') {
    return {
      tool: 'pg_dump',
      args: [
        '--data-only', '--quote-all-identifier', ...excludeUnlessNamed(options, DATA_EXCLUDED),
        '--exclude-table', 'auth.schema_migrations', '--exclude-table', 'storage.migrations', '--exclude-table', 'supabase_functions.migrations',
        '--schema', included,
        ...(options.useCopy ? [] : ['--column-inserts', '--rows-per-insert', '100000']),
        ...(options.excludeTables ?? []).flatMap((table) => ['--exclude-table', table]),
      ],
      header: ['SET session_replication_role = replica;'],
      rules: [DROP_RESTRICT],
      uniq: false,
    };
  }
  if (options.kind === 'role') {
    return {
      tool: 'pg_dumpall',
      args: ['--roles-only', '--quote-all-identifier', '--no-role-passwords', '--no-comments'],
      header: [],
      rules: [
        DROP_RESTRICT,
        comment(`^CREATE ROLE "(${RESERVED_ROLES})"`),
        comment(`^ALTER ROLE "(${RESERVED_ROLES})"`),
        { pattern: ' NOSUPERUSER', replacement: '', global: true },
        { pattern: ' NOREPLICATION', replacement: '', global: true },
        { pattern: `^-- (.* SET "(${ALLOWED_CONFIGS})" .*)`, replacement: '\\1' },
        comment(`GRANT ".*" TO "(${RESERVED_ROLES})"`),
        ...(options.keepComments ? [] : [DROP_COMMENTS]),
      ],
      uniq: true,
    };
  }
  const excluded = INTERNAL_SCHEMAS.join('|');
  return {
    tool: 'pg_dump',
    args: ['--schema-only', '--quote-all-identifier', ...excludeUnlessNamed(options, excluded), '--schema', included, '--no-comments'],
    header: [],
    rules: [
      DROP_RESTRICT,
      ifNotExists('SCHEMA'), ifNotExists('TABLE'), ifNotExists('SEQUENCE'),
      orReplace('VIEW'), orReplace('FUNCTION'), orReplace('TRIGGER'),
      comment('^ALTER DEFAULT PRIVILEGES FOR ROLE "supabase_admin"'),
      comment(`^GRANT (.+) ON (.+) "(${excluded})"`),
      comment(`^REVOKE (.+) ON (.+) "(${excluded})"`),
      comment('^CREATE POLICY "cron_job_'),
      comment('^ALTER TABLE "cron"'),
      ...(options.keepComments ? [] : [DROP_COMMENTS]),
    ],
    uniq: true,
  };
}

/** A line rewriter for a plan's rules: returns the new line, or undefined when it is deleted. */
export function lineRewriter(rules: LineRule[]): (line: string) => string | undefined {
  const compiled = rules.map((rule) => ({
    regex: new RegExp(rule.pattern, rule.global ? 'g' : ''),
    // sed's `&` and `\1` are JavaScript's `$&` and `$1`.
    replacement: (rule.replacement ?? '').replace(/\$/g, '$$$$').replace(/&/g, '$$&').replace(/\\(\d)/g, '$$$1'),
    delete: rule.delete,
  }));
  return (line) => {
    let out = line;
    for (const rule of compiled) {
      if (rule.delete) {
        if (rule.regex.test(out)) return undefined;
      } else {
        out = out.replace(rule.regex, rule.replacement);
      }
    }
    return out;
  };
}

/** The plan as the shell script it stands for (what `--dry-run` prints). */
export function renderScript(plan: DumpPlan): string {
  const quote = (arg: string): string => (/^[A-Za-z0-9_.,=/:-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);
  // One line per option, with its value when it has one.
  const args: string[] = [];
  for (const arg of plan.args) {
    if (args.length > 0 && !arg.startsWith('--') && args.at(-1)!.startsWith('--') && !args.at(-1)!.includes(' ')) args[args.length - 1] += ` ${quote(arg)}`;
    else args.push(quote(arg));
  }
  const lines = [
    '#!/usr/bin/env bash',
    'set -euo pipefail',
    '',
    ...plan.header.map((line) => `echo ${quote(line)}`),
    `${plan.tool} \\`,
    ...args.map((arg, index) => `    ${arg}${index < args.length - 1 || plan.rules.length > 0 || plan.uniq ? ' \\' : ''}`),
    ...plan.rules.map((rule, index) => {
      const sed = rule.delete ? `/${rule.pattern}/d` : `s/${rule.pattern}/${rule.replacement ?? ''}/${rule.global ? 'g' : ''}`;
      return `| sed -E ${quote(sed)}${index < plan.rules.length - 1 || plan.uniq ? ' \\' : ''}`;
    }),
    ...(plan.uniq ? ['| uniq'] : []),
    '',
    '# Reset session config generated by pg_dump',
    'echo "RESET ALL;"',
  ];
  return `${lines.join('\n')}\n`;
}
