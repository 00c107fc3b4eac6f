/**
 * The VS Code files `init` can write so the Deno extension handles supabase/functions (the
 * original's `--with-vscode-settings`).
 * A missing or empty file gets the template verbatim; an existing JSON file keeps its own keys and
 * takes ours over them.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TaskError, messageOf } from '../task-error.js';

export const VSCODE_EXTENSIONS_PATH = '.vscode/extensions.json';
export const VSCODE_SETTINGS_PATH = '.vscode/settings.json';

const EXTENSIONS = { recommendations: ['denoland.vscode-deno'] };
const SETTINGS = {
  'deno.enablePaths': ['supabase/functions'],
  'deno.lint': true,
  'deno.unstable': true,
  '[typescript]': { 'editor.defaultFormatter': 'denoland.vscode-deno' },
};

/** Writes or merges .vscode/extensions.json and .vscode/settings.json under `root`. */
export async function writeVscodeSettings(root: string): Promise<void> {
  await mkdir(path.join(root, '.vscode'), { recursive: true });
  await mergeJsonFile(path.join(root, VSCODE_EXTENSIONS_PATH), EXTENSIONS);
  await mergeJsonFile(path.join(root, VSCODE_SETTINGS_PATH), SETTINGS);
}

async function mergeJsonFile(file: string, template: Record<string, unknown>): Promise<void> {
  let existing = '';
  try {
    existing = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  let merged: Record<string, unknown> = template;
  if (existing.trim() !== '') {
    try {
      merged = { ...(JSON.parse(existing) as Record<string, unknown>), ...template };
    } catch (err) {
      throw new TaskError(`failed to parse ${path.relative(path.dirname(path.dirname(file)), file)}: ${messageOf(err)}`);
    }
  }
  await writeFile(file, `${JSON.stringify(merged, null, 2)}\n`);
}
