/**
 * What the database commands share: the project config, the chosen target (cli/db-target.ts)
 * with the original's "Connecting to ..." line, connection failures as user errors, and the git
 * branch named in the final messages.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { CommandContext } from './context.js';
import { resolveDbTarget, type DbTarget } from './db-target.js';
import { failedTo } from './errors.js';
import type { ProjectConfig } from '../tasks/project/config.types.js';

/** The project's config (errors as the config loader words them). */
export async function projectConfig(ctx: CommandContext): Promise<ProjectConfig> {
  const { loadConfig } = await import('../tasks/project/config-load.js');
  return (await loadConfig(ctx.projectRoot, { env: ctx.env })).config;
}

/** Resolves the target and prints which kind of database is being connected to. */
export async function chooseTarget(ctx: CommandContext): Promise<DbTarget> {
  const target = await resolveDbTarget(ctx);
  ctx.io.stderr(target.isLocal ? 'Connecting to local database...\n' : 'Connecting to remote database...\n');
  return target;
}

/** Connects to the target; the original's `failed to connect to postgres: ...` on failure. */
export async function connectTarget(target: DbTarget): Promise<pg.Client> {
  const { connectUrl } = await import('../tasks/db/connect.js');
  try {
    return await connectUrl(target.url, target.isLocal ? 2_000 : 10_000);
  } catch (err) {
    throw failedTo('connect to postgres', err, target.isLocal ? 'Make sure the local database is running: supabase start' : undefined);
  }
}

/** Runs `work` on a connection to the target, closing it afterwards. */
export async function withTarget<T>(target: DbTarget, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connectTarget(target);
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** `$GITHUB_HEAD_REF`, else the checked-out git branch, else `main` (facts §5.9). */
export async function gitBranch(ctx: CommandContext): Promise<string> {
  if (ctx.env.GITHUB_HEAD_REF) return ctx.env.GITHUB_HEAD_REF;
  for (let dir = ctx.projectRoot; ; dir = path.dirname(dir)) {
    const head = await readFile(path.join(dir, '.git', 'HEAD'), 'utf8').catch(() => undefined);
    if (head !== undefined) return /^ref: refs\/heads\/(.+)$/m.exec(head)?.[1]?.trim() ?? 'main';
    if (path.dirname(dir) === dir) return 'main';
  }
}

/** A notice writer for stderr lines. */
export function stderrNotice(ctx: CommandContext): (message: string) => void {
  return (message) => ctx.io.stderr(`${message}\n`);
}
