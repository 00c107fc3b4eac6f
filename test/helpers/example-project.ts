/**
 * A copy of examples/user-management/supabase that a test can start beside any other stack on the
 * machine: every fixed port of its config.toml moved to a free one, a project id of its own, and
 * the values of `status -o env` read back by name.
 */
import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../integration/support/temp-project.js';

export const EXAMPLE_PROJECT = fileURLToPath(new URL('../../examples/user-management/supabase', import.meta.url));
export const EXAMPLE_APP = fileURLToPath(new URL('../../examples/user-management/app', import.meta.url));

/** Every fixed port of config.toml moved to a free one, and a project id of the folder's own. */
export async function isolate(configFile: string, projectId: string): Promise<void> {
  let text = await readFile(configFile, 'utf8');
  text = text.replace(/^project_id = .*$/m, `project_id = "${projectId}"`);
  for (const key of ['port', 'shadow_port', 'smtp_port', 'pop3_port', 'vector_port']) {
    const pattern = new RegExp(`^(${key}) = 54\\d\\d\\d$`, 'gm');
    const matches = text.match(pattern) ?? [];
    for (const match of matches) text = text.replace(match, `${key} = ${await freePort()}`);
  }
  // Left unset, SMTP takes the port after the inbox's, which nothing checked was free.
  text = text.replace(/^# smtp_port = 54\d\d\d$/m, `smtp_port = ${await freePort()}`);
  await writeFile(configFile, text);
}

/** The example's supabase/ folder copied under root (without local state), isolated. */
export async function copyExampleProject(root: string): Promise<string> {
  const folder = path.join(root, 'supabase');
  await cp(EXAMPLE_PROJECT, folder, { recursive: true, filter: (source) => !/[/\\]\.(temp|branches)$/.test(source) });
  await isolate(path.join(folder, 'config.toml'), path.basename(root));
  return path.join(folder, 'config.toml');
}

/** One variable of `status -o env` output, unquoted. */
export function envValue(output: string, name: string): string {
  const line = output.split('\n').find((candidate) => candidate.startsWith(`${name}=`));
  assert.ok(line, `status -o env printed no ${name}:\n${output}`);
  return line.slice(name.length + 1).replace(/^"|"$/g, '');
}
