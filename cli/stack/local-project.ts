/**
 * What the stack commands (start, stop, status, db start) share: the loaded project, the runtime
 * it runs on, and which services that runtime can provide.
 */
import type { CommandContext } from '../context.js';
import { NotAvailableError } from '../errors.js';
import type { ProjectConfig } from '../../tasks/project/config.types.js';

/** Services that exist only as container images; the native runtime reports them unavailable. */
export const CONTAINER_ONLY_SERVICES = [
  'auth', 'rest', 'realtime', 'storage', 'imgproxy', 'kong', 'inbucket', 'studio', 'pg-meta',
  'edge-runtime', 'analytics', 'vector', 'pooler',
] as const;

export interface LocalProject {
  root: string;
  config: ProjectConfig;
  env: NodeJS.ProcessEnv;
}

/** Loads supabase/config.toml (with .env and env() substitution) and prints its warnings. */
export async function loadLocalProject(ctx: CommandContext): Promise<LocalProject> {
  const { loadConfig } = await import('../../tasks/project/config-load.js');
  const loaded = await loadConfig(ctx.projectRoot, { env: ctx.env });
  for (const warning of loaded.warnings) ctx.io.stderr(`${warning}\n`);
  return { root: ctx.projectRoot, config: loaded.config, env: loaded.env };
}

/**
 * The runtime the stack runs on. `auto` means Docker when an engine answers, else native; the
 * Docker runtime has not landed in this build, so `auto` is native here and a forced `docker`
 * says so plainly instead of pretending.
 */
export async function chooseRuntime(ctx: CommandContext, project: LocalProject): Promise<'native'> {
  const { runtimeChoice } = await import('../../tasks/project/runtime-choice.js');
  const choice = runtimeChoice(project.config, project.env);
  if (choice === 'docker') throw new NotAvailableError('the docker runtime (SUPABASE_RUNTIME=docker or [local] runtime = "docker")');
  ctx.log.debug(`runtime: native (asked for ${choice})`);
  return 'native';
}
