import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MACHINE_DEFINITIONS } from '../../machines/registry.js';
import type { MachineDiagram } from '../../machines/diagram/diagram-model.js';
import { parseMermaidState, type MermaidStatement } from '../helpers/mermaid-parse.js';
import { runMain } from '../helpers/run-cli.js';
import { commandContext } from '../helpers/command-context.js';
import runMachines from '../../cli/commands/machines.command.js';

/** Every state id and every relation in a parsed Mermaid document, nested ones included. */
function flatten(statements: MermaidStatement[]): { states: Set<string>; relations: number } {
  const states = new Set<string>();
  let relations = 0;
  const walk = (list: MermaidStatement[]) => {
    for (const statement of list) {
      if (statement.stmt === 'state' && statement.id) states.add(statement.id);
      if (statement.stmt === 'relation') {
        relations += 1;
        for (const end of [statement.state1, statement.state2]) if (end && end.id !== '[*]') states.add(end.id);
      }
      if (statement.doc) walk(statement.doc);
    }
  };
  walk(statements);
  return { states, relations };
}

describe('supabase machines (hidden)', () => {
  let cwd: string;
  before(() => {
    cwd = mkdtempSync(path.join(tmpdir(), 'machines-command-'));
  });
  after(() => rmSync(cwd, { recursive: true, force: true }));

  it('stack --format mermaid is a valid stateDiagram-v2 with every state and transition', async () => {
    const run = await runMain(['machines', 'stack', '--format', 'mermaid'], { cwd });
    assert.equal(run.code, 0);
    assert.ok(run.stdout.startsWith('stateDiagram-v2\n'));
    const json = JSON.parse((await runMain(['machines', 'stack', '--format', 'json'], { cwd })).stdout) as MachineDiagram;
    const parsed = await parseMermaidState(run.stdout);
    if (!parsed) return; // mermaid is not installed: the JSON checks below still run in the other test
    const { states, relations } = flatten(parsed);
    for (const state of json.states) assert.ok(states.has(state.id.replaceAll('.', '_')), `state ${state.id} is missing`);
    const initials = 1 + json.states.filter((state) => state.type === 'compound').length;
    assert.equal(relations, json.transitions.length + initials);
  });

  it('every machine draws as Mermaid that Mermaid\'s own grammar accepts', async function () {
    for (const definition of MACHINE_DEFINITIONS) {
      const run = await runMain(['machines', definition.name], { cwd });
      assert.equal(run.code, 0);
      const parsed = await parseMermaidState(run.stdout);
      if (!parsed) this.skip();
      assert.ok(flatten(parsed).relations > 0, definition.name);
    }
  });

  it('--format json lists every state and every event, with descriptions', async () => {
    const diagram = JSON.parse((await runMain(['machines', 'stack', '--format', 'json'], { cwd })).stdout) as MachineDiagram;
    assert.deepEqual(
      diagram.states.map((state) => state.id),
      ['stopped', 'stopped.noData', 'stopped.dataKept', 'starting', 'running', 'running.healthy', 'running.healthCheckIgnored', 'failed', 'stopping', 'stopping.containers', 'stopping.containersNoBackup', 'stopping.data'],
    );
    assert.ok(diagram.states.every((state) => state.description));
    assert.deepEqual(
      diagram.events.map((event) => event.type).sort(),
      ['DATA_DELETED', 'HEALTH_TIMEOUT', 'INTERRUPTED', 'LOST', 'START', 'STARTED', 'START_FAILED', 'STOP', 'STOPPED', 'STOP_FAILED'],
    );
    assert.ok(diagram.events.every((event) => event.description.length > 10));
    const used = new Set(diagram.transitions.map((transition) => transition.event));
    for (const event of diagram.events) assert.ok(used.has(event.type), `event ${event.type} has no transition`);
    assert.ok(diagram.transitions.every((transition) => transition.description));
  });

  it('--format dot is a Graphviz digraph with clusters for composite states', async () => {
    const run = await runMain(['machines', 'stack', '--format', 'dot'], { cwd });
    assert.match(run.stdout, /^digraph "stack" \{\n/);
    assert.match(run.stdout, /subgraph "cluster_running" \{/);
    assert.match(run.stdout, /"starting" -> "running.healthy" \[label="STARTED"\];/);
    assert.ok(run.stdout.trimEnd().endsWith('}'));
  });

  it('without a name prints every machine; JSON gives an array', async () => {
    const all = JSON.parse((await runMain(['machines', '--format', 'json'], { cwd })).stdout) as MachineDiagram[];
    assert.deepEqual(all.map((diagram) => diagram.name), MACHINE_DEFINITIONS.map((definition) => definition.name));
    const mermaid = (await runMain(['machines'], { cwd })).stdout;
    assert.equal(mermaid.match(/^stateDiagram-v2$/gm)?.length, MACHINE_DEFINITIONS.length);
  });

  it('an unknown machine is a user error listing the known ones', async () => {
    // Called directly; see events-command.test.ts for why the error class is checked by name.
    await assert.rejects(runMachines(commandContext(cwd, { format: 'mermaid' }, ['stak'])), (error: Error & { suggestion?: string }) => {
      assert.equal(error.name, 'UserError');
      assert.equal(error.message, 'unknown machine "stak"');
      assert.equal(error.suggestion, 'Known machines: stack, service, custom-hostname, vanity-subdomain, branches, branch, migration-history, operation.');
      return true;
    });
  });
});
