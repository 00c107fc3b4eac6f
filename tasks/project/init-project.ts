/**
 * `supabase init` as an effect, writing what the original writes: supabase/config.toml from the template (never over an
 * existing one), an empty supabase/seed.sql, the .gitignore block when inside a git repository, and
 * optionally the VS Code settings. Printing is left to the caller.
 */
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ORIOLEDB_VERSION, renderConfigTemplate } from './config-template.js';
import { sanitizeProjectId } from './project-id.js';
import { CONFIG_PATH, GITIGNORE_PATH, SEED_PATH, SUPABASE_DIR, inProject } from './project-paths.js';
import { writeVscodeSettings } from './vscode-settings.js';
import { TaskError } from '../task-error.js';
import { exists } from '../fs-exists.js';

/** The lines `init` adds to supabase/.gitignore. */
export const GITIGNORE_BLOCK = '# Supabase\n.branches\n.temp\n.env\n';

/** The original's message when config.toml exists. */
export const ALREADY_INITIALIZED = 'Project already initialized. Remove supabase/config.toml to reinitialize.';

export interface InitOptions {
  /** Writes `experimental.orioledb_version`. */
  useOrioledb?: boolean;
  /**
   * VS Code settings: `true` writes them, `false` skips them, `undefined` (neither flag given)
   * asks through `confirmVscode`, which defaults to no.
   */
  withVscodeSettings?: boolean;
  confirmVscode?: () => Promise<boolean>;
}

export interface InitResult {
  projectId: string;
  configPath: string;
  gitignoreUpdated: boolean;
  vscodeWritten: boolean;
}

/** Creates the project files under `root`. Throws TaskError when the project already exists. */
export async function initProject(root: string, options: InitOptions = {}): Promise<InitResult> {
  const configFile = inProject(root, CONFIG_PATH);
  if (await exists(configFile)) throw new TaskError(ALREADY_INITIALIZED);
  await mkdir(inProject(root, SUPABASE_DIR), { recursive: true });
  const projectId = sanitizeProjectId(path.basename(path.resolve(root)));
  const toml = renderConfigTemplate({ projectId, orioledbVersion: options.useOrioledb ? ORIOLEDB_VERSION : '' });
  try {
    // Exclusive create: two concurrent inits cannot both write the file.
    await writeFile(configFile, toml, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new TaskError(ALREADY_INITIALIZED);
    throw err;
  }
  await writeFile(inProject(root, SEED_PATH), '');
  const gitignoreUpdated = (await isInsideGitRepo(root)) ? await updateGitignore(root) : false;
  let vscodeWritten = false;
  const wantVscode = options.withVscodeSettings ?? (options.confirmVscode ? await options.confirmVscode() : false);
  if (wantVscode) {
    await writeVscodeSettings(root);
    vscodeWritten = true;
  }
  return { projectId, configPath: configFile, gitignoreUpdated, vscodeWritten };
}

/** Appends the block unless the file already holds it; returns whether the file changed. */
async function updateGitignore(root: string): Promise<boolean> {
  const file = inProject(root, GITIGNORE_PATH);
  let current: string | undefined;
  try {
    current = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (current === undefined) {
    await writeFile(file, GITIGNORE_BLOCK);
    return true;
  }
  if (current.includes(GITIGNORE_BLOCK)) return false;
  await appendFile(file, `\n${GITIGNORE_BLOCK}`);
  return true;
}

/** Whether `.git` (a folder, or a file for worktrees) exists here or in any parent folder. */
export async function isInsideGitRepo(start: string): Promise<boolean> {
  let dir = path.resolve(start);
  for (;;) {
    if (await exists(path.join(dir, '.git'))) return true;
    const parent = path.dirname(dir);
    if (parent === dir) return false;
    dir = parent;
  }
}

