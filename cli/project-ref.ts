/**
 * Which hosted project a command acts on, in the original's order: `--project-ref`, then SUPABASE_PROJECT_ID,
 * then the linked file `supabase/.temp/project-ref`, then, in a terminal, a picker over the
 * account's projects; otherwise the not-linked error. Some commands read only the linked file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CommandContext } from './context.js';
import { UserError } from './errors.js';

export const PROJECT_REF_PATTERN = /^[a-z]{20}$/;
export const INVALID_REF = 'Invalid project ref format. Must be like `abcdefghijklmnopqrst`.';
export const NOT_LINKED = 'Cannot find project ref. Have you run supabase link?';
export const LINKED_REF_FILE = 'supabase/.temp/project-ref';

/** Checks a ref's shape with the original's message. */
export function validateProjectRef(ref: string): string {
  if (!PROJECT_REF_PATTERN.test(ref)) throw new UserError(INVALID_REF);
  return ref;
}

/** The ref in `supabase/.temp/project-ref` (trimmed and checked), or undefined when there is none. */
export async function readLinkedRef(projectRoot: string): Promise<string | undefined> {
  const text = await readFile(path.join(projectRoot, LINKED_REF_FILE), 'utf8').catch(() => undefined);
  const ref = text?.trim();
  return ref ? validateProjectRef(ref) : undefined;
}

/** The linked ref, or the not-linked error (the original's LoadProjectRef: no flag, env or prompt). */
export async function requireLinkedRef(projectRoot: string): Promise<string> {
  const ref = await readLinkedRef(projectRoot);
  if (!ref) throw new UserError(NOT_LINKED, 'Run supabase link --project-ref <ref> first.');
  return ref;
}

export interface RefOptions {
  /** Skip the linked file (link itself resolves the ref before anything is linked). */
  skipLinkedFile?: boolean;
  /** The picker's title; the original's default is `Select a project:`. */
  pickerTitle?: string;
}

/** Resolves the ref in the original's order; the picker appears only when stdin is a terminal. */
export async function resolveProjectRef(ctx: CommandContext, options: RefOptions = {}): Promise<string> {
  const given = (typeof ctx.flags['project-ref'] === 'string' && ctx.flags['project-ref']) || ctx.env.SUPABASE_PROJECT_ID;
  if (given) return validateProjectRef(given);
  if (!options.skipLinkedFile) {
    const linked = await readLinkedRef(ctx.projectRoot);
    if (linked) return linked;
  }
  const { stdinIsTerminal } = await import('./prompt.js');
  if (stdinIsTerminal(ctx)) return pickProject(ctx, options.pickerTitle ?? 'Select a project:');
  throw new UserError(NOT_LINKED);
}

/** Lists the account's projects and lets the user choose one. */
export async function pickProject(ctx: CommandContext, title: string): Promise<string> {
  const { managementApi } = await import('../tasks/management-api/client/command-client.js');
  const { expectStatus } = await import('../tasks/management-api/client/client.js');
  const api = await managementApi(ctx);
  const projects = await expectStatus('retrieving projects', api.GET('/v1/projects'), [200]);
  if (projects.length === 0) throw new UserError('No projects found. Create one with supabase projects create, or in the dashboard.');
  const { choose } = await import('./prompt.js');
  const ref = await choose(title, projects.map((project) => ({
    value: project.id,
    name: project.id,
    description: `name: ${project.name}, org: ${project.organization_id}, region: ${project.region}`,
  })));
  ctx.io.stderr(`Selected project: ${ref}\n`);
  return ref;
}
