/**
 * The model-based check shared by the machine tests: every path @xstate/graph finds is written to
 * a journal file, read back, folded, and compared with the machine's own result for that path.
 * Also a random walk that steps xstate and the compiled table side by side, ignored events included.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { initialTransition, transition, type AnyMachineSnapshot, type EventObject } from 'xstate';
import type { MachineDefinition } from '../../machines/kit/machine-kit.js';
import { compileMachine, step } from '../../machines/journal/compile.js';
import { snapshotOf } from '../../machines/journal/fold.js';
import { foldEvents } from '../../machines/journal/fold.js';
import { machineFor } from '../../machines/journal/stream-kinds.js';
import { toStateValue } from '../../machines/journal/state-view.js';
import { JournalStore } from '../../tasks/journal/journal-store.js';
import { modelPaths } from './model-paths.js';

/** The concrete stream a definition's events go to in the tests. */
export function testStream(definition: MachineDefinition): string {
  return definition.binding.stream.replace(/<[^>]+>/, 'abcdefghijklmnopqrst');
}

/** The key of the instance the sample events address (keyed machines only). */
function testKey(definition: MachineDefinition): string | undefined {
  const field = definition.binding.keyField;
  if (!field) return undefined;
  const keyed = definition.sampleEvents.find((event) => field in event) as Record<string, unknown> | undefined;
  return keyed ? String(keyed[field]) : undefined;
}

function toNewEvent(stream: string, event: EventObject) {
  const { type, ...data } = event as EventObject & Record<string, unknown>;
  return { stream, type, data };
}

/** Writes every model path to its own journal, replays it and compares with xstate's result. */
export function checkPathsThroughJournal(definition: MachineDefinition): { paths: number; steps: number } {
  const paths = modelPaths(definition);
  assert.ok(paths.length > 0, 'the path search found no paths');
  const stream = testStream(definition);
  const key = testKey(definition);
  const compiled = machineFor(stream, key);
  assert.ok(compiled, `no compiled machine folds ${stream}`);
  // Thousands of tiny journals: on tmpfs their fsyncs cost nothing (durability is tested elsewhere).
  const directory = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), `model-${definition.name}-`));
  let steps = 0;
  try {
    paths.forEach((modelPath, index) => {
      const journal = JournalStore.inDirectory(path.join(directory, String(index)));
      journal.append(modelPath.events.map((event) => toNewEvent(stream, event)));
      const read = journal.read();
      assert.equal(read.events.length, modelPath.events.length);
      const fold = foldEvents(read.events);
      const folded = snapshotOf(fold, stream, key) ?? compiled.initial;
      const label = `${modelPath.kind} path ${index}: ${modelPath.events.map((event) => event.type).join(' -> ') || '(initial)'}`;
      const own = machineResult(definition, modelPath.events);
      assert.deepEqual(own.value, modelPath.state.value, `${label}: the path does not reach the state the search reported`);
      assert.deepEqual(toStateValue(folded.value), own.value, label);
      assert.deepEqual(folded.context, own.context, label);
      steps += modelPath.events.length;
    });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  return { paths: paths.length, steps };
}

/** The machine's own result for a sequence of events (xstate's pure transition function). */
export function machineResult(definition: MachineDefinition, events: EventObject[]): AnyMachineSnapshot {
  let [snapshot] = initialTransition(definition.machine) as [AnyMachineSnapshot, unknown];
  for (const event of events) [snapshot] = transition(definition.machine, snapshot, event) as [AnyMachineSnapshot, unknown];
  return snapshot;
}

/** A small deterministic random generator, so a failing walk can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state / 2 ** 32;
  };
}

/** Steps xstate and the compiled table with the same random events and compares after each. */
export function checkRandomWalks(definition: MachineDefinition, walks = 200, length = 40): void {
  const compiled = compileMachine(definition);
  const next = random(walks * 7919 + length);
  for (let walk = 0; walk < walks; walk++) {
    let [reference] = initialTransition(definition.machine) as [AnyMachineSnapshot, unknown];
    let lite = compiled.initial;
    const trail: string[] = [];
    for (let index = 0; index < length; index++) {
      const event = definition.sampleEvents[Math.floor(next() * definition.sampleEvents.length)] as EventObject;
      trail.push(event.type);
      [reference] = transition(definition.machine, reference, event) as [AnyMachineSnapshot, unknown];
      lite = step(compiled, lite, event as never);
      assert.deepEqual(toStateValue(lite.value), reference.value, `walk ${walk}: ${trail.join(' -> ')}`);
      assert.deepEqual(lite.context, reference.context, `walk ${walk}: ${trail.join(' -> ')}`);
    }
  }
}
