import assert from 'node:assert/strict';
import { allCommands, effectiveFlags, isRunnable } from '../../cli/registry/index.js';
import { defaultValue, isZeroDefault } from '../../cli/registry/defaults.js';
import { runCli, runMain } from '../helpers/run-cli.js';

describe('--help on every command', () => {
  for (const node of allCommands().filter((candidate) => candidate.parent && isRunnable(candidate) && candidate.spec.path !== '__complete')) {
    it(`supabase ${node.spec.path} --help lists every visible flag, its default and accepted values`, async () => {
      const { code, stdout } = await runMain([...node.spec.path.split(' '), '--help']);
      assert.equal(code, 0);
      assert.match(stdout, /Usage:/);
      for (const flag of effectiveFlags(node).filter((candidate) => !candidate.hidden)) {
        const flagLine = new RegExp(`^\\s+(-\\w, )?--${flag.name}( |$)`);
        const line = stdout.split('\n').find((text) => flagLine.test(text));
        assert.ok(line, `--${flag.name} missing from help of ${node.spec.path}`);
        if (!isZeroDefault(flag)) {
          const value = defaultValue(flag);
          assert.ok(line.includes(`(default ${Array.isArray(value) ? `[${value.join(',')}]` : flag.type === 'string' ? `"${value}"` : value})`), `default of --${flag.name}: ${line}`);
        }
        for (const value of flag.values ?? []) assert.ok(line.includes(value), `value ${value} of --${flag.name}: ${line}`);
      }
    });
  }

  it('the root help groups commands as the original does, as a real process', () => {
    const { code, stdout } = runCli(['--help']);
    assert.equal(code, 0);
    const titles = ['Local Development:', 'Management APIs:', 'Additional Commands:'];
    const positions = titles.map((title) => stdout.indexOf(title));
    assert.ok(positions.every((position) => position > 0), stdout);
    assert.deepEqual([...positions].sort((a, b) => a - b), positions);
  });

  it('prints the bare version for -v and --version', () => {
    assert.equal(runCli(['--version']).stdout, '1.145.4\n');
    assert.equal(runCli(['-v']).stdout, '1.145.4\n');
  });

  it('a parent command without a subcommand prints its help and exits 0', async () => {
    const { code, stdout } = await runMain(['db']);
    assert.equal(code, 0);
    assert.match(stdout, /Available Commands:[\s\S]*push/);
  });

  it('`help <command>` prints that command\'s help', async () => {
    const { code, stdout } = await runMain(['help', 'migration', 'new']);
    assert.equal(code, 0);
    assert.match(stdout, /supabase migration new <migration name> \[flags\]/);
  });
});
