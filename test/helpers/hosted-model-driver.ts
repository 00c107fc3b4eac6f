/**
 * Drives the hosted-resource commands along a machine's model paths (@xstate/graph) against the
 * stateful fake platform, then compares the journal's fold with the machine's own state for the
 * path. A request event and the outcome that follows it in the path become one command, with the
 * platform told to decide that outcome; an observation becomes a change on the platform plus the
 * command that reads it; INTERRUPTED, or a path that ends in flight, is a real CLI process killed
 * with SIGKILL while the platform holds its request.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventObject } from 'xstate';
import type { MachineDefinition } from '../../machines/kit/machine-kit.js';
import { canAccept, step as stepLite } from '../../machines/journal/compile.js';
import { snapshotOf } from '../../machines/journal/fold.js';
import { machineFor } from '../../machines/journal/stream-kinds.js';
import { toStateValue } from '../../machines/journal/state-view.js';
import { JournalStore } from '../../tasks/journal/journal-store.js';
import type { Decision, HostedPlatform } from './hosted-platform.js';
import { machineResult } from './model-check.js';
import { modelPaths } from './model-paths.js';
import { BIN, runMain } from './run-cli.js';

export type PathEvent = EventObject & Record<string, unknown>;

/** One command the driver runs, and what the platform must decide for the call it makes. */
export interface Step {
  args: string[];
  operation?: string;
  decision?: Decision;
}

/** How one machine's events map onto commands and platform changes. */
export interface MachineDriver {
  definition: MachineDefinition;
  stream: string;
  /** The request events (the ones a command sends to the machine). */
  requests: readonly string[];
  /** The command for a request, with its outcome event from the path (undefined: the path ends in flight). */
  request: (event: PathEvent, outcome: PathEvent | undefined, platform: HostedPlatform) => Step;
  /** Makes the platform show what a standalone event (an observation) reports; returns the command that reads it. */
  observe: (event: PathEvent, platform: HostedPlatform) => Step;
  /** Context fields the commands are expected to reproduce exactly. */
  compared: readonly string[];
}

export interface World {
  platform: HostedPlatform;
  project: string;
  env: NodeJS.ProcessEnv;
}

/** Paths without repeats (the shortest and simple searches share many). */
export function distinctPaths(definition: MachineDefinition): PathEvent[][] {
  const seen = new Map<string, PathEvent[]>();
  for (const modelPath of modelPaths(definition)) seen.set(JSON.stringify(modelPath.events), modelPath.events as PathEvent[]);
  return [...seen.values()];
}

/** A project folder linked to the platform's project, with its own journal. */
export function newProject(ref: string): string {
  const project = mkdtempSync(path.join(tmpdir(), 'hosted-model-'));
  mkdirSync(path.join(project, 'supabase', '.temp'), { recursive: true });
  writeFileSync(path.join(project, 'supabase', 'config.toml'), 'project_id = "model"\n');
  writeFileSync(path.join(project, 'supabase', '.temp', 'project-ref'), `${ref}\n`);
  return project;
}

/** Runs one path through the commands and checks the fold against the machine. */
export async function drivePath(driver: MachineDriver, events: PathEvent[], world: World): Promise<void> {
  const label = events.map((event) => event.type).join(' -> ') || '(initial)';
  for (let index = 0; index < events.length; index++) {
    const event = events[index];
    if (!driver.requests.includes(event.type)) {
      await run(world, driver.observe(event, world.platform), label);
      continue;
    }
    const outcome = events[index + 1] as PathEvent | undefined;
    const step = driver.request(event, outcome, world.platform);
    if (!outcome || outcome.type === 'INTERRUPTED') {
      await runKilled(world, step, label);
    } else {
      await run(world, step, label);
    }
    index += outcome ? 1 : 0;
  }
  // A trailing INTERRUPTED is recorded by the next command that takes the project: one the
  // machine refuses in the state the path ends in, so it changes nothing else.
  if (events.at(-1)?.type === 'INTERRUPTED') await closeInterruption(driver, events, world, label);
  compare(driver, events, world, label);
}

async function run(world: World, step: Step, label: string): Promise<void> {
  if (step.operation && step.decision) world.platform.next.set(step.operation, step.decision);
  const result = await runMain(step.args, { cwd: world.project, env: world.env });
  assert.ok(result.code === 0 || step.decision && 'fail' in step.decision, `${label}: supabase ${step.args.join(' ')} failed: ${result.stderr}`);
}

/** Runs the command as a real process and kills it while the platform holds its request. */
async function runKilled(world: World, step: Step, label: string): Promise<void> {
  assert.ok(step.operation, `${label}: no operation to hold for ${step.args.join(' ')}`);
  world.platform.next.set(step.operation, { hang: true });
  const child = spawn(process.execPath, [BIN, ...step.args], { cwd: world.project, env: { ...process.env, ...world.env }, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const held = new Promise<void>((resolve) => (world.platform.onHang = () => resolve()));
  await Promise.race([held, exited]);
  child.kill('SIGKILL');
  await exited;
  world.platform.onHang = undefined;
  assert.equal(world.platform.next.has(step.operation), false, `${label}: the command ended before it reached ${step.operation}`);
}

async function closeInterruption(driver: MachineDriver, events: PathEvent[], world: World, label: string): Promise<void> {
  const compiled = machineFor(driver.stream)!;
  const state = events.reduce((snapshot, event) => stepLite(compiled, snapshot, event as never), compiled.initial);
  const refused = driver.definition.sampleEvents.find((sample) => driver.requests.includes(sample.type) && !canAccept(compiled, state, sample as never));
  assert.ok(refused, `${label}: no request is refused in ${state.value}`);
  const step = driver.request(refused as PathEvent, undefined, world.platform);
  const result = await runMain(step.args, { cwd: world.project, env: world.env });
  assert.equal(result.code, 1, `${label}: the closing ${step.args.join(' ')} was not refused: ${result.stdout}${result.stderr}`);
}

function compare(driver: MachineDriver, events: PathEvent[], world: World, label: string): void {
  const fold = JournalStore.forProject(world.project).replay().fold;
  const compiled = machineFor(driver.stream)!;
  const folded = snapshotOf(fold, driver.stream) ?? compiled.initial;
  const own = machineResult(driver.definition, events);
  assert.deepEqual(toStateValue(folded.value), own.value, `${label}: the journal's state differs from the machine's`);
  const context = folded.context as Record<string, unknown>;
  const expected = own.context as Record<string, unknown>;
  for (const field of [...driver.definition.behaviourContext, ...driver.compared]) {
    assert.deepEqual(context[field], expected[field], `${label}: context.${field}`);
  }
  if ('error' in expected) assert.equal(context.error === null, expected.error === null, `${label}: context.error ${String(context.error)}`);
}

/** Removes a world's project folder. */
export function removeProject(project: string): void {
  rmSync(project, { recursive: true, force: true });
}
