/**
 * The git branch a command acts for, as the original's GetGitBranchOrDefault finds it with go-git:
 * GITHUB_HEAD_REF (set on pull request builds), else the branch HEAD names in the repository
 * around the folder, else the given default (`main` for gen keys and the closing lines of db diff
 * and db reset, empty for branches create). The files are read as go-git reads them rather than
 * asking git (a process start costs ~10 ms at the end of every `db reset`): a `.git` file (a
 * linked worktree, a separate git dir) points at the real folder, whose `commondir` holds the
 * refs; a detached HEAD, or a branch without commits yet (go-git finds no reference), gives the
 * default.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const read = (file: string): Promise<string | undefined> => readFile(file, 'utf8').catch(() => undefined);

/** The git folder of the repository around `folder`, following a `.git` file's `gitdir:` line. */
async function gitFolder(folder: string): Promise<string | undefined> {
  for (let dir = path.resolve(folder); ; ) {
    const dotGit = path.join(dir, '.git');
    const found = await stat(dotGit).catch(() => undefined);
    if (found?.isDirectory()) return dotGit;
    if (found?.isFile()) {
      const pointer = /^gitdir:\s*(.+?)\s*$/m.exec((await read(dotGit)) ?? '')?.[1];
      return pointer ? path.resolve(dir, pointer) : undefined;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Whether `ref` (refs/heads/...) exists, loose or packed, in the folder that holds the refs. */
async function refExists(refsFolder: string, ref: string): Promise<boolean> {
  if (await stat(path.join(refsFolder, ref)).then(() => true, () => false)) return true;
  const packed = (await read(path.join(refsFolder, 'packed-refs'))) ?? '';
  return packed.split('\n').some((line) => line.endsWith(` ${ref}`));
}

/** The branch name, or `fallback` outside a repository, on a detached HEAD or an unborn branch. */
export async function gitBranchOr(fallback: string, cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (env.GITHUB_HEAD_REF) return env.GITHUB_HEAD_REF;
  const gitDir = await gitFolder(cwd);
  if (!gitDir) return fallback;
  const ref = /^ref:\s*(refs\/heads\/.+?)\s*$/.exec((await read(path.join(gitDir, 'HEAD'))) ?? '')?.[1];
  if (!ref) return fallback;
  const common = (await read(path.join(gitDir, 'commondir')))?.trim();
  const refsFolder = common ? path.resolve(gitDir, common) : gitDir;
  return (await refExists(refsFolder, ref)) || (await refExists(gitDir, ref)) ? ref.slice('refs/heads/'.length) : fallback;
}
