/**
 * Runs a dump plan: pg_dump / pg_dumpall 15 from this machine (the original runs them in the
 * pg15 image), its output rewritten line by line and streamed to `write`. The connection is
 * passed through PG* variables, so the password never shows in a process list.
 */
import { spawn } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { SYSTEM_PG15 } from '../native/pg-binaries.js';
import { lineRewriter, type DumpPlan } from './dump-script.js';
import { TaskError } from '../task-error.js';
import { pgEnvFromUrl } from '../testing/pg-env.js';

/** The PostgreSQL 15 client tool `name`: SUPABASE_PG_BIN, the system install, then PATH. */
export async function pgTool(name: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  for (const dir of [env.SUPABASE_PG_BIN, SYSTEM_PG15.bin].filter((dir): dir is string => Boolean(dir))) {
    const candidate = path.join(dir, name);
    if (await access(candidate, constants.X_OK).then(() => true, () => false)) return candidate;
  }
  return name;
}

/** libpq variables for a connection string (a 10 s connect timeout unless the URL names one). */
export function libpqEnv(url: string): Record<string, string> {
  return { PGCONNECT_TIMEOUT: '10', ...pgEnvFromUrl(url) };
}

/** Runs the plan against `url`, writing the rewritten script through `write`. */
export async function runDump(plan: DumpPlan, url: string, write: (text: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const tool = await pgTool(plan.tool, env);
  const child = spawn(tool, plan.args, { env: { ...env, ...libpqEnv(url) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number>((resolve, reject) => {
    child.once('error', (err) => reject(new TaskError(`failed to run ${plan.tool}: ${err.message}`, `Install the PostgreSQL 15 client tools (apt-get install postgresql-client-15) or set SUPABASE_PG_BIN.`)));
    child.once('close', (code) => resolve(code ?? 1));
  });
  for (const line of plan.header) write(`${line}\n`);
  const rewrite = lineRewriter(plan.rules);
  let previous: string | undefined;
  let buffer = '';
  for await (const line of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    const out = rewrite(line);
    if (out === undefined || (plan.uniq && out === previous)) continue;
    previous = out;
    buffer += `${out}\n`;
    if (buffer.length > 65_536) {
      write(buffer);
      buffer = '';
    }
  }
  write(buffer);
  const code = await exited;
  if (code !== 0) throw new TaskError(`error running ${plan.tool}: exit ${code}\n${errors.trim()}`);
  write('RESET ALL;\n');
}
