import assert from 'node:assert/strict';
import { buildCliSpec } from '../../cli/docs/cli-spec.js';
import { allCommands, effectiveFlags, rootCommand } from '../../cli/registry/index.js';
import { runMain } from '../helpers/run-cli.js';

describe('docs spec export', () => {
  const spec = buildCliSpec();

  it('has the spec info and the global flags', () => {
    assert.equal(spec.clispec, '001');
    assert.equal(spec.info.id, 'cli');
    assert.equal(spec.info.version, '1.145.4');
    assert.deepEqual(spec.info.tags.map((tag) => tag.id), ['local-dev', 'management-api', 'other-commands']);
    assert.deepEqual(spec.flags.map((flag) => flag.id), ['create-ticket', 'debug', 'dns-resolver', 'experimental', 'help', 'workdir']);
  });

  it('lists every visible registry command with its flags, ids in the supabase-db-push form', () => {
    const byId = new Map(spec.commands.map((command) => [command.id, command]));
    const rootFlags = new Set((rootCommand.spec.flags ?? []).map((flag) => flag.name));
    for (const node of allCommands().filter((candidate) => candidate.parent && !candidate.spec.hidden)) {
      const id = `supabase-${node.spec.path.replace(/ /g, '-')}`;
      const command = byId.get(id);
      assert.ok(command, `missing ${id}`);
      assert.equal(command.title, `supabase ${node.spec.path}`);
      const expected = effectiveFlags(node).filter((flag) => !flag.hidden && !rootFlags.has(flag.name)).map((flag) => flag.name);
      assert.deepEqual(command.flags.map((flag) => flag.id), expected);
    }
    assert.ok(byId.has('supabase-db-push'));
    const output = byId.get('supabase-status')?.flags.find((flag) => flag.id === 'output');
    assert.deepEqual(output?.accepted_values?.map((value) => value.id), ['env', 'pretty', 'json', 'toml', 'yaml']);
    assert.equal(output?.default_value, 'pretty');
  });

  it('is printed by the hidden docs-spec command', async () => {
    const { code, stdout } = await runMain(['docs-spec']);
    assert.equal(code, 0);
    assert.deepEqual(JSON.parse(stdout), JSON.parse(JSON.stringify(spec)));
  });
});
