import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BIN, runCli } from '../helpers/run-cli.js';

/** A folder with a `supabase` launcher, put first on PATH so the scripts call this build. */
function binFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'supabase-bin-'));
  const launcher = join(folder, 'supabase');
  writeFileSync(launcher, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(launcher, 0o755);
  return folder;
}

function hasShell(shell: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;
}

/** In CI every shell must be there (.ci/run installs them); locally a missing one is skipped. */
function requireShell(context: Mocha.Context, shell: string): void {
  if (hasShell(shell)) return;
  if (process.env.CI) assert.fail(`${shell} is not installed; .ci/run installs it`);
  context.skip();
}

const PATH = `${binFolder()}:${dirname(process.execPath)}:${process.env.PATH}`;

/** Sources the bash script and asks it to complete `line`, as bash's programmable completion would. */
function bashComplete(line: string): string[] {
  const script = runCli(['completion', 'bash']).stdout;
  const program = `
source /dev/stdin <<'SCRIPT'
${script}
SCRIPT
COMP_LINE=${JSON.stringify(line)}
COMP_POINT=\${#COMP_LINE}
read -r -a COMP_WORDS <<< "$COMP_LINE"
[[ "$COMP_LINE" == *' ' ]] && COMP_WORDS+=("")
COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 ))
_supabase_completions
printf '%s\\n' "\${COMPREPLY[@]}"
`;
  const result = spawnSync('bash', ['--noprofile', '--norc', '-c', program], { encoding: 'utf8', env: { ...process.env, PATH } });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.split('\n').filter(Boolean);
}

describe('completion scripts in real shells', () => {
  it('bash completes top-level commands', () => {
    const replies = bashComplete('supabase mig');
    assert.deepEqual(replies, ['migration', 'migrations']);
  });

  it('bash completes subcommands', () => {
    assert.deepEqual(bashComplete('supabase db p').sort(), ['pull', 'push']);
    assert.ok(bashComplete('supabase inspect db ').includes('cache-hit'));
  });

  it('bash completes enum values after a flag, and after --flag=', () => {
    assert.deepEqual(bashComplete('supabase status -o '), ['env', 'pretty', 'json', 'toml', 'yaml']);
    assert.deepEqual(bashComplete('supabase status --output=j'), ['json']);
    assert.deepEqual(bashComplete('supabase migration repair --status '), ['applied', 'reverted']);
  });

  it('bash completes flags and the items of a comma-separated list', () => {
    assert.ok(bashComplete('supabase db push --dry').includes('--dry-run'));
    assert.deepEqual(bashComplete('supabase start -x studio,inb'), ['studio,inbucket']);
  });

  it('zsh accepts its script and completes through it', function () {
    requireShell(this, 'zsh');
    const script = runCli(['completion', 'zsh']).stdout;
    const syntax = spawnSync('zsh', ['-n'], { input: script, encoding: 'utf8' });
    assert.equal(syntax.status, 0, syntax.stderr);
    // Drive the function with a stand-in _describe that prints what zsh would offer.
    const program = `${script.replace(/^if \[\[ \$funcstack[\s\S]*$/m, '')}
_describe() { print -l -- "\${(@P)\${@[-1]}}" }
_files() { print FILES }
words=(supabase status -o '')
CURRENT=4
_supabase`;
    const run = spawnSync('zsh', ['-f', '-c', program], { encoding: 'utf8', env: { ...process.env, PATH } });
    assert.equal(run.status, 0, run.stderr);
    assert.ok(run.stdout.split('\n').some((line) => line.startsWith('json:')), run.stdout);
  });

  it('fish accepts its script and completes through it', function () {
    requireShell(this, 'fish');
    const script = runCli(['completion', 'fish']).stdout;
    const file = join(mkdtempSync(join(tmpdir(), 'supabase-fish-')), 'supabase.fish');
    writeFileSync(file, script);
    const syntax = spawnSync('fish', ['--no-execute', file], { encoding: 'utf8' });
    assert.equal(syntax.status, 0, syntax.stderr);
    const run = spawnSync('fish', ['--no-config', '-c', `${script}\ncomplete -C 'supabase migration repair --status '`], {
      encoding: 'utf8',
      env: { ...process.env, PATH },
    });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(run.stdout.split('\n').filter(Boolean).map((line) => line.split('\t')[0]).sort(), ['applied', 'reverted']);
  });

  it('powershell gets a script that registers a native completer', () => {
    const script = runCli(['completion', 'powershell']).stdout;
    assert.match(script, /Register-ArgumentCompleter -Native -CommandName 'supabase'/);
    assert.match(script, /supabase __complete @words/);
  });

  it('--no-descriptions drops descriptions from the answers', () => {
    const script = runCli(['completion', 'zsh', '--no-descriptions']).stdout;
    assert.match(script, /__completeNoDesc/);
    assert.equal(runCli(['__completeNoDesc', 'status', '-o', 'j']).stdout, 'json\n:4\n');
    assert.match(runCli(['__complete', 'status', '-o', 'j']).stdout, /^json\t.+\n:4\n$/);
  });
});
