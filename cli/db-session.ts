/**
 * What the database commands share: the project config, the chosen target (cli/db-target.ts)
 * with the original's "Connecting to ..." line, and connection failures as user errors.
 */
import type pg from 'pg';
import type { CommandContext } from './context.js';
import { resolveDbTarget, type DbTarget } from './db-target.js';
import { failedTo } from './errors.js';
import { loadProjectConfig } from './project-config.js';
import { isOperating, reconcileFirst } from './project-operation.js';
import type { ProjectConfig } from '../tasks/project/config.types.js';

/** The project's config (errors as the config loader words them; its warnings printed once). */
export async function projectConfig(ctx: CommandContext): Promise<ProjectConfig> {
  return (await loadProjectConfig(ctx)).config;
}

/**
 * Resolves the target and prints which kind of database is being connected to. The local
 * database must be running (else the one not-running message), and what an earlier command left
 * unfinished is completed first (inside an operation, the operation already did that).
 */
export async function chooseTarget(ctx: CommandContext, options: { announce?: boolean } = {}): Promise<DbTarget> {
  return prepareTarget(ctx, await resolveDbTarget(ctx), options);
}

/** chooseTarget's second half, for commands that resolve the target before taking the lock. */
export async function prepareTarget(ctx: CommandContext, target: DbTarget, options: { announce?: boolean } = {}): Promise<DbTarget> {
  // The local and linked targets come from the project's config: its warnings are said once.
  if (target.kind !== 'db-url') await loadProjectConfig(ctx);
  if (target.isLocal) {
    if (!isOperating(ctx)) await reconcileFirst(ctx);
    const { assertLocalDatabaseUp } = await import('../tasks/stack/not-running.js');
    const url = new URL(target.url);
    await assertLocalDatabaseUp(Number(url.port), url.hostname);
  }
  if (options.announce !== false) ctx.io.stderr(target.isLocal ? 'Connecting to local database...\n' : 'Connecting to remote database...\n');
  return target;
}

/** The journal stream of a target's migration history (never with its password: stream names are printed). */
export async function migrationStreamOf(ctx: CommandContext, target: DbTarget): Promise<string> {
  const { migrationsStream } = await import('../machines/journal/projections/migrations.projection.js');
  if (target.isLocal) return migrationsStream({ kind: 'local' });
  if (target.kind === 'linked') {
    const { requireLinkedRef } = await import('./project-ref.js');
    return migrationsStream({ kind: 'linked', ref: await requireLinkedRef(ctx.projectRoot) });
  }
  const url = new URL(target.url);
  return migrationsStream({ kind: 'db-url', host: url.hostname, port: url.port || 5432, database: decodeURIComponent(url.pathname.slice(1)) || 'postgres' });
}

/** `local` or `remote`: what a recovery of an operation on this target can reach. */
export function targetKind(target: DbTarget): 'local' | 'remote' {
  return target.isLocal ? 'local' : 'remote';
}

/** Connects to the target; the original's `failed to connect to postgres: ...` on failure. */
export async function connectTarget(target: DbTarget): Promise<pg.Client> {
  const { connectUrl } = await import('../tasks/db/connect.js');
  try {
    return await connectUrl(target.url, target.isLocal ? 2_000 : 10_000);
  } catch (err) {
    if (target.isLocal && isDown(err)) {
      const { stackNotRunning } = await import('../tasks/stack/not-running.js');
      throw stackNotRunning(err);
    }
    throw failedTo('connect to postgres', err);
  }
}

/** Connection failures that mean the local server is not there (refused, reset, starting or stopping). */
function isDown(err: unknown): boolean {
  const code = (err as { code?: string }).code ?? '';
  return ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03'].includes(code) || /timeout expired|Connection terminated/i.test((err as Error).message ?? '');
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

/** A notice writer for stderr lines. */
export function stderrNotice(ctx: CommandContext): (message: string) => void {
  return (message) => ctx.io.stderr(`${message}\n`);
}

/**
 * For a command with SQL steps (migrations, seed, pgTAP): in a terminal they draw as a listr2 task
 * list on stderr, otherwise they print the original's plain lines; listr2 starts loading now, while
 * the command waits on the database (tasks/orchestration/sql-steps.ts).
 */
export async function prepareSqlSteps(ctx: CommandContext): Promise<void> {
  const steps = await import('../tasks/orchestration/sql-steps.js');
  steps.prepareSqlSteps(ctx.io.interactive ? process.stderr : undefined);
}
