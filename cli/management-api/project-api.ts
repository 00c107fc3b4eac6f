/**
 * What most project-scoped Management API commands start with: the project they act on (resolved
 * as the original resolves a project ref, picker included) and the typed client carrying the saved token.
 */
import type { CommandContext } from '../context.js';
import { managementApi } from '../../tasks/management-api/client/command-client.js';
import { resolveProjectRef } from '../project-ref.js';
import { stdinIsTerminal } from '../prompt.js';
import type { ManagementClient } from '../../tasks/management-api/client/client.js';

export interface ProjectApi {
  api: ManagementClient;
  ref: string;
}

/** The resolved ref and the client, ref first: the original resolves it before the command runs. */
export async function projectApi(ctx: CommandContext): Promise<ProjectApi> {
  const ref = await resolveProjectRef(ctx);
  return { ref, api: await managementApi(ctx) };
}

/** Whether a person can answer prompts: the original asks only when standard input is a terminal. */
export function canPrompt(ctx: CommandContext): boolean {
  return stdinIsTerminal(ctx) && ctx.io.interactive;
}
