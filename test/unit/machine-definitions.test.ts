import assert from 'node:assert/strict';
import { createMachine, setup, type AnyStateMachine } from 'xstate';
import { MACHINE_DEFINITIONS } from '../../machines/registry.js';
import { canAccept, compileMachine, UnsupportedMachineError } from '../../machines/journal/compile.js';
import { diagramOf } from '../../machines/diagram/diagram-model.js';

describe('machine definitions', () => {
  for (const definition of MACHINE_DEFINITIONS) {
    describe(definition.name, () => {
      const compiled = compileMachine(definition);
      const diagram = diagramOf(definition);

      it('describes every state and every event, and uses every event it documents', () => {
        for (const state of diagram.states) assert.ok(state.description, `state ${state.id} has no description`);
        const used = new Set(diagram.transitions.map((transition) => transition.event));
        for (const event of diagram.events) {
          assert.ok(event.description.length > 10, `event ${event.type} has no description`);
          assert.ok(used.has(event.type), `event ${event.type} is documented but no transition uses it`);
        }
        for (const type of used) assert.ok(diagram.events.some((event) => event.type === type), `event ${type} is not documented`);
      });

      it('lets every in-flight state end: it accepts INTERRUPTED and its failure event', () => {
        for (const leaf of compiled.leaves) {
          const meta = compiled.meta.get(leaf)!;
          if (!meta.task) continue;
          const snapshot = { value: leaf, context: { ...compiled.initial.context, origin: 'x' } };
          // Any origin: at least one of the guarded returns must match a real origin, so try them all.
          const origins = [null, ...compiled.leaves];
          const accepts = (type: string) => origins.some((origin) => canAccept(compiled, { ...snapshot, context: { ...snapshot.context, origin } }, { type, error: 'e' }));
          assert.ok(accepts('INTERRUPTED'), `${leaf} does not accept INTERRUPTED`);
          assert.ok(meta.failure && accepts(meta.failure), `${leaf} does not accept its failure event ${meta.failure}`);
        }
      });

      it('has sample events that cover every documented event', () => {
        const sampled = new Set(definition.sampleEvents.map((event) => event.type));
        for (const type of Object.keys(definition.events)) assert.ok(sampled.has(type), `no sample event of type ${type}`);
      });
    });
  }
});

describe('the fold\'s compiler refuses what it does not implement', () => {
  const compile = (machine: AnyStateMachine) => () => compileMachine({ name: 'test', machine, guards: {}, updates: {} });

  it('parallel states', () => {
    assert.throws(compile(createMachine({ type: 'parallel', states: { a: {}, b: {} } })), UnsupportedMachineError);
  });

  it('entry actions', () => {
    const machine = setup({ actions: { hello: () => {} } }).createMachine({ initial: 'a', states: { a: { entry: 'hello' } } });
    assert.throws(compile(machine), /entry or exit actions/);
  });

  it('an action that is not a plain update of the definition', () => {
    const machine = setup({ actions: { hello: () => {} } }).createMachine({ initial: 'a', states: { a: { on: { GO: { actions: 'hello' } } } } });
    assert.throws(compile(machine), /action "hello" .* is not a plain update/);
  });

  it('eventless and delayed transitions', () => {
    assert.throws(compile(createMachine({ initial: 'a', states: { a: { always: 'b' }, b: {} } })), /invoke, after or always/);
    // xstate turns `after` into entry and exit actions (schedule, cancel): refused either way.
    assert.throws(compile(createMachine({ initial: 'a', states: { a: { after: { 100: 'b' } }, b: {} } })), UnsupportedMachineError);
  });

  it('wildcard events', () => {
    assert.throws(compile(createMachine({ initial: 'a', states: { a: { on: { '*': 'b' } }, b: {} } })), /wildcard/);
  });
});
