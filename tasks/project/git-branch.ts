/**
 * The git branch a command acts for, as the original's GetGitBranchOrDefault finds it:
 * GITHUB_HEAD_REF (set on pull request builds), else the checked-out branch of the repository
 * around the folder, else the given default (`main` for gen keys and the closing lines of db diff
 * and db reset, empty for branches create). git itself is asked, so a `.git` file (a linked
 * worktree, a separate git dir) and a branch without commits yet are read as git reads them.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** The branch name, or `fallback` outside a repository, on a detached HEAD or without git. */
export async function gitBranchOr(fallback: string, cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (env.GITHUB_HEAD_REF) return env.GITHUB_HEAD_REF;
  const head = await promisify(execFile)('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { cwd })
    .then(({ stdout }) => stdout.trim(), () => '');
  // A detached HEAD has no branch name.
  return head && head !== 'HEAD' ? head : fallback;
}
