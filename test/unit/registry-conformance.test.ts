import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  allCommands,
  effectiveFlags,
  findCommand,
  isRunnable,
  rootCommand,
  type CommandNode,
} from '../../cli/registry/index.js';
import { exclusiveGroups } from '../../cli/registry/exclusive.js';
import { formatDefault } from '../../cli/registry/defaults.js';

interface ReferenceFlag {
  name: string;
  short: string;
  type: string;
  default: string;
  required: boolean;
  values?: string[];
  hidden?: boolean;
  persistent?: boolean;
  inherited_from?: string;
}
interface ReferenceCommand {
  path: string;
  group: string;
  experimental: boolean;
  args: string;
  flags: ReferenceFlag[];
  hidden?: boolean;
  deprecated?: string;
  aliases?: string[];
  runnable?: boolean;
  requires_login: boolean;
  mutually_exclusive?: string[][];
}

const reference: ReferenceCommand[] = JSON.parse(
  readFileSync(new URL('../fixtures/cli-commands.json', import.meta.url), 'utf8'),
);

/** Commands this implementation adds; they are not in the original. */
const OUR_OWN = new Set(['events', 'machines', 'docs-spec']);
/** cobra's built-in flags, which our help and parser provide on every command. */
const BUILT_IN = new Set(['help', 'version']);

/** Reads the reference's prose argument description into counts. */
function expectedArgCounts(args: string): { min: number; max: number } | undefined {
  if (args === '' || args.startsWith('[command-line')) return undefined;
  if (/exactly 2/.test(args)) return { min: 2, max: 2 };
  if (/exactly 1/.test(args)) return { min: 1, max: 1 };
  if (/at least 1/.test(args)) return { min: 1, max: Infinity };
  if (/\.\.\./.test(args)) return { min: 0, max: Infinity };
  return { min: 0, max: 1 };
}

function flagsWithoutRoot(node: CommandNode) {
  const rootNames = new Set((rootCommand.spec.flags ?? []).map((flag) => flag.name));
  const original = effectiveFlags(node).filter((flag) => !flag.ours);
  return node === rootCommand ? original : original.filter((flag) => !rootNames.has(flag.name));
}

describe('command registry conforms to the original CLI', () => {
  it('has every command of the reference, and only our documented additions besides', () => {
    const referencePaths = new Set(reference.map((command) => command.path));
    for (const path of referencePaths) assert.ok(findCommand(path), `missing command "${path}"`);
    const extra = allCommands().map((node) => node.spec.path).filter((path) => !referencePaths.has(path));
    assert.deepEqual(extra.filter((path) => !OUR_OWN.has(path)), []);
    assert.equal(reference.filter((command) => command.runnable !== false).length, 110);
  });

  for (const command of reference) {
    describe(`"${command.path || 'supabase'}"`, () => {
      const node = () => {
        const found = findCommand(command.path);
        assert.ok(found);
        return found;
      };

      it('has the same group, visibility, gates and aliases', () => {
        const { spec } = node();
        assert.equal(spec.group, command.group);
        assert.equal(spec.experimental === true, command.experimental, 'experimental');
        assert.equal(spec.hidden === true, command.hidden === true, 'hidden');
        assert.equal(isRunnable(node()), command.runnable !== false, 'runnable');
        assert.deepEqual(spec.aliases ?? [], command.aliases ?? [], 'aliases');
        assert.equal(Boolean(spec.deprecated), Boolean(command.deprecated), 'deprecated');
        assert.equal(spec.requiresLogin === true, command.requires_login, 'requiresLogin');
        assert.ok(spec.summary.length > 0, 'summary');
      });

      it('takes the same number of arguments', () => {
        const expected = expectedArgCounts(command.args);
        const args = node().spec.args;
        if (!expected) return;
        assert.ok(args, `declares no args, expected ${command.args}`);
        assert.deepEqual({ min: args.min, max: args.max }, expected);
      });

      it('has the same flags with the same facts', () => {
        const ours = new Map(flagsWithoutRoot(node()).map((flag) => [flag.name, flag]));
        const theirs = command.flags.filter((flag) => !(BUILT_IN.has(flag.name) && flag.type === 'bool'));
        assert.deepEqual([...ours.keys()].sort(), theirs.map((flag) => flag.name).sort());
        for (const expected of theirs) {
          const flag = ours.get(expected.name);
          assert.ok(flag);
          const where = `--${expected.name}`;
          assert.equal(flag.short ?? '', expected.short, `${where} shorthand`);
          assert.equal(flag.type, expected.type, `${where} type`);
          assert.equal(formatDefault(flag), expected.default, `${where} default`);
          assert.equal(flag.required === true, expected.required, `${where} required`);
          assert.deepEqual(flag.values ?? [], expected.values ?? [], `${where} values`);
          assert.equal(flag.hidden === true, expected.hidden === true, `${where} hidden`);
          assert.equal(flag.persistent === true, expected.persistent === true, `${where} persistent`);
          assert.ok(flag.description.length > 0, `${where} description`);
        }
      });

      it('has the same mutually exclusive groups', () => {
        const sort = (groups: string[][]) => groups.map((group) => [...group].sort().join(',')).sort();
        assert.deepEqual(sort(exclusiveGroups(node(), { inherited: false })), sort(command.mutually_exclusive ?? []));
      });
    });
  }
});
