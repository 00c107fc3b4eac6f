/**
 * Names the original gives to what it creates on the engine (`supabase_<service>_<id>` and its
 * labels): containers, the project network and volumes, their labels, and where images are pulled
 * from. Other tools (the Go CLI, `docker volume ls --filter label=...`) find the stack by these, so
 * they are kept exactly.
 */

/** The label every container, volume and network of a project carries; clean-up filters on it. */
export const PROJECT_LABEL = 'com.supabase.cli.project';
/** The original's second label; the key really ends in `projecta` (a typo kept for compatibility). */
export const COMPOSE_LABEL = 'com.docker.compose.projecta';

/** Labels for anything made for a project. */
export function projectLabels(projectId: string): Record<string, string> {
  return { [PROJECT_LABEL]: projectId, [COMPOSE_LABEL]: projectId };
}

/** A label filter for list calls, JSON-encoded as the Engine API wants it. */
export function projectFilter(projectId: string): string {
  return JSON.stringify({ label: [`${PROJECT_LABEL}=${projectId}`] });
}

/** `supabase_<name>_<project_id>`, the usual container (and volume) name. */
export function resourceName(name: string, projectId: string): string {
  return `supabase_${name}_${projectId}`;
}

/** The Docker network the stack's containers share. */
export function networkName(projectId: string): string {
  return resourceName('network', projectId);
}

/** The named volumes the original creates, by role (`supabase_<role>_<id>`). */
export function volumeNames(projectId: string): { db: string; config: string; storage: string; inbucket: string; edgeRuntime: string } {
  return {
    db: resourceName('db', projectId),
    config: resourceName('config', projectId),
    storage: resourceName('storage', projectId),
    inbucket: resourceName('inbucket', projectId),
    edgeRuntime: resourceName('edge_runtime', projectId),
  };
}

/**
 * The `-x/--exclude` name of an image: the part between the first `/` and the `:` (the original's
 * regex `\/(.*):`), e.g. `storage-api` for `supabase/storage-api:v0.46.4`.
 */
export function shortName(image: string): string {
  return /\/(.*):/.exec(image)?.[1] ?? image;
}

/**
 * Where an image is pulled from. By default `public.ecr.aws/supabase/<last segment>`; with
 * SUPABASE_INTERNAL_IMAGE_REGISTRY=docker.io the name unchanged; any other registry as
 * `<registry>/supabase/<last segment>`, lower-cased.
 */
export function registryImage(image: string, env: NodeJS.ProcessEnv = process.env): string {
  const registry = (env.SUPABASE_INTERNAL_IMAGE_REGISTRY ?? '').trim() || 'public.ecr.aws';
  if (registry.toLowerCase() === 'docker.io') return image;
  const last = image.slice(image.lastIndexOf('/') + 1);
  return `${registry}/supabase/${last}`.toLowerCase();
}
