/**
 * Which services a start runs and with what: config.toml decides what is enabled, `-x` removes
 * services by the short name of their image (unknown names are ignored and the db cannot be
 * excluded, as in the original), and each remaining plugin describes its container.
 */
import type { ProjectConfig } from '../project/config.types.js';
import { registryImage, shortName } from './docker-names.js';
import { SERVICES } from './services/index.js';
import type { ServiceContainer, ServiceContext, ServiceId, ServicePlugin } from './services/service-plugin.js';

/** A service as this start will treat it. */
export interface PlannedService {
  plugin: ServicePlugin;
  container: string;
  /** The image to run, with the registry applied. */
  image: string;
  /** Why it does not run, if it does not. */
  skipped?: 'excluded' | 'disabled';
  spec?: ServiceContainer;
}

/** The context service plugins read. */
export function serviceContext(config: ProjectConfig, root: string): ServiceContext {
  const byId = new Map(SERVICES.map((plugin) => [plugin.id, plugin]));
  return {
    config,
    projectId: config.project_id,
    root,
    host: config.hostname || '127.0.0.1',
    containerOf: (id: ServiceId) => byId.get(id)!.containerName(config.project_id),
  };
}

/** Every service in start order, with its container spec when it runs. */
export function planServices(ctx: ServiceContext, exclude: readonly string[], env: NodeJS.ProcessEnv): PlannedService[] {
  const excluded = new Set(exclude.map((name) => name.trim()).filter(Boolean));
  return SERVICES.map((plugin) => {
    const original = plugin.image(ctx.config);
    const planned: PlannedService = { plugin, container: plugin.containerName(ctx.projectId), image: registryImage(original, env) };
    if (plugin.id !== 'db' && excluded.has(shortName(original))) return { ...planned, skipped: 'excluded' };
    if (!plugin.enabled(ctx.config)) return { ...planned, skipped: 'disabled' };
    return { ...planned, spec: plugin.container(ctx) };
  });
}
