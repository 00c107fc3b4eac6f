/**
 * The git branch a command acts for, as the original's GetGitBranchOrDefault finds it:
 * GITHUB_HEAD_REF (set on pull request builds), else the checked-out branch of the repository
 * around the folder, else the given default (`main` for gen keys, empty for branches create).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export async function gitBranchOr(fallback: string, cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (env.GITHUB_HEAD_REF) return env.GITHUB_HEAD_REF;
  const head = await promisify(execFile)('git', ['rev-parse', '--abbrev-ref', 'HEAD'], { cwd })
    .then(({ stdout }) => stdout.trim(), () => '');
  // A detached HEAD has no branch name.
  return head && head !== 'HEAD' ? head : fallback;
}
