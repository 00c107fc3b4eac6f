/**
 * The layers' dependencies point one way, read from the import graph (dpdm, as the lint step's
 * circle check reads it: type-only and lazy imports count): cli -> tasks -> machines. Nothing in
 * tasks/ or machines/ imports cli/, machines/ import no tasks/ and no package but xstate (the
 * design's "machines import nothing that does I/O"), and the commands on hosted resources reach
 * the effects only through the hosted step, so a walk of `branches create` goes cli -> tasks ->
 * machines without coming back.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseDependencyTree, type DependencyTree } from 'dpdm';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HOSTED_STEP = 'tasks/management-api/resources/hosted-step.ts';
/** The commands whose requests a machine decides: they go through the hosted step. */
const HOSTED_COMMANDS = readdirSync(`${ROOT}cli/commands`)
  .filter((name) => /^(branches|domains|vanity-subdomains)-.*\.command\.ts$/.test(name) && name !== 'branches-get.command.ts')
  .map((name) => `cli/commands/${name}`);

const layerOf = (id: string) => id.split('/')[0];

/** Every import edge between the sources, as [importer, imported]. */
function edgesOf(tree: DependencyTree): Array<[string, string]> {
  return Object.entries(tree).flatMap(([issuer, dependencies]) =>
    (dependencies ?? []).flatMap((dependency) => (dependency.id ? [[issuer, dependency.id] as [string, string]] : [])));
}

/** The modules outside cli/ that a command reaches by following imports inside cli/ only. */
function firstStepsOutOfCli(tree: DependencyTree, command: string): Set<string> {
  const seen = new Set<string>([command]);
  const outside = new Set<string>();
  const queue = [command];
  while (queue.length > 0) {
    for (const dependency of tree[queue.pop()!] ?? []) {
      const id = dependency.id;
      if (!id || seen.has(id)) continue;
      seen.add(id);
      if (layerOf(id) === 'cli') queue.push(id);
      else if (!id.includes('node_modules')) outside.add(id);
    }
  }
  return outside;
}

describe('layer directions: cli -> tasks -> machines', function () {
  let tree: DependencyTree;
  before(async function () {
    this.timeout(60_000);
    tree = await parseDependencyTree(['cli/**/*.ts', 'tasks/**/*.ts', 'machines/**/*.ts'], {
      context: ROOT,
      transform: false,
      skipDynamicImports: false,
      exclude: /node_modules|\/dist\//,
    });
  });

  it('reads the whole graph (every hosted command and the hosted step are in it)', () => {
    assert.ok(HOSTED_COMMANDS.length >= 14, `only ${HOSTED_COMMANDS.length} hosted commands found`);
    for (const module of [...HOSTED_COMMANDS, HOSTED_STEP]) assert.ok(tree[module], `${module} is not in the graph`);
  });

  it('no module in tasks/ or machines/ imports cli/, and no module in machines/ imports tasks/', () => {
    const upward = edgesOf(tree).filter(([from, to]) =>
      (layerOf(from) !== 'cli' && layerOf(to) === 'cli') || (layerOf(from) === 'machines' && layerOf(to) === 'tasks'));
    assert.deepEqual(upward.map((edge) => edge.join(' -> ')), []);
  });

  it('machines/ import no package but xstate, so nothing in them does I/O', () => {
    const packages = Object.entries(tree)
      .filter(([issuer]) => layerOf(issuer) === 'machines')
      .flatMap(([issuer, dependencies]) => (dependencies ?? []).filter((dependency) => !dependency.request.startsWith('.') && dependency.request !== 'xstate').map((dependency) => `${issuer} -> ${dependency.request}`));
    assert.deepEqual(packages, []);
  });

  it('the hosted commands leave cli/ through the hosted step, never straight into the machines, the journal or the orchestration', () => {
    for (const command of HOSTED_COMMANDS) {
      const steps = [...firstStepsOutOfCli(tree, command)];
      assert.ok(steps.includes(HOSTED_STEP), `${command} does not call the hosted step`);
      const bypasses = steps.filter((id) => layerOf(id) === 'machines' || /^tasks\/(journal|orchestration)\//.test(id));
      assert.deepEqual(bypasses, [], `${command} reaches these from cli/ itself`);
    }
  });
});
