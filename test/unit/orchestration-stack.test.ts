import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stackProjection } from '../../machines/journal/projections/stack.projection.js';
import { JournalStore } from '../../tasks/journal/journal-store.js';
import { runMachine } from '../../tasks/orchestration/run-machine.js';
import { isTaskError } from '../../tasks/task-error.js';
import { exited } from '../helpers/spawn-appender.js';
import { stackPlugins, stub } from '../helpers/stub-plugins.js';

const quiet = { renderer: 'silent' as const, onRecover: () => {} };
const types = (journal: JournalStore) => journal.read().events.map((event) => event.type);

describe('orchestration: driving the stack', () => {
  let directory: string;
  let journal: JournalStore;
  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'orchestrate-'));
    journal = JournalStore.inDirectory(directory);
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('start runs the start task and records its outcomes after the request', async () => {
    const result = await runMachine(journal, { stream: 'stack', event: { type: 'START', excluded: ['studio'] } }, { ...quiet, tasks: stackPlugins() });
    assert.equal(result.status, 'done');
    assert.equal(result.after.snapshot.value, 'running.healthy');
    assert.deepEqual(types(journal), ['START', 'SERVICE_STARTING', 'SERVICE_HEALTHY', 'STARTED']);
    const stack = stackProjection(journal.replay().fold);
    assert.equal(stack.state, 'running');
    assert.deepEqual(stack.excluded, ['studio']);
    assert.equal(stack.services.db.state, 'healthy');
    assert.equal(stack.services.auth.state, 'stopped');
  });

  it('start on a running stack says so and records nothing', async () => {
    await runMachine(journal, { stream: 'stack', event: { type: 'START' } }, { ...quiet, tasks: stackPlugins() });
    const before = journal.read().events.length;
    const plugins = stackPlugins();
    const result = await runMachine(journal, { stream: 'stack', event: { type: 'START' } }, { ...quiet, tasks: plugins });
    assert.equal(result.status, 'refused');
    assert.equal(result.refusal, 'supabase start is already running.');
    assert.equal(journal.read().events.length, before);
    assert.equal(plugins['stack.start'].runs, 0);
  });

  it('--ignore-health-check keeps a stack whose health checks timed out running', async () => {
    const tasks = { ...stackPlugins(), 'stack.start': stub({ type: 'HEALTH_TIMEOUT', data: { services: ['supabase_studio_x'] } }) };
    const result = await runMachine(journal, { stream: 'stack', event: { type: 'START', ignoreHealthCheck: true } }, { ...quiet, tasks });
    assert.equal(result.after.snapshot.value, 'running.healthCheckIgnored');
    const failing = await runMachine(
      JournalStore.inDirectory(path.join(directory, 'other')),
      { stream: 'stack', event: { type: 'START' } },
      { ...quiet, tasks },
    );
    assert.equal(failing.after.snapshot.value, 'failed');
  });

  it('stop keeps the data; stop --no-backup deletes it as its own event', async () => {
    const plugins = stackPlugins();
    await runMachine(journal, { stream: 'stack', event: { type: 'START' } }, { ...quiet, tasks: plugins });
    await runMachine(journal, { stream: 'stack', event: { type: 'STOP' } }, { ...quiet, tasks: plugins });
    assert.equal(stackProjection(journal.replay().fold).value, 'stopped.dataKept');
    await runMachine(journal, { stream: 'stack', event: { type: 'START' } }, { ...quiet, tasks: plugins });
    await runMachine(journal, { stream: 'stack', event: { type: 'STOP', backup: false } }, { ...quiet, tasks: plugins });
    assert.equal(stackProjection(journal.replay().fold).value, 'stopped.noData');
    assert.deepEqual(types(journal).slice(-4), ['STOP', 'SERVICE_STOPPED', 'STOPPED', 'DATA_DELETED']);
    assert.equal(plugins['stack.delete-data'].runs, 1);
  });

  it('a task that throws is recorded as the state\'s failure, with its message, and rethrown', async () => {
    const tasks = {
      ...stackPlugins(),
      'stack.start': { title: 'start', run: async () => Promise.reject(new Error('Bind for 0.0.0.0:54322 failed: port is already allocated')) },
    };
    await assert.rejects(runMachine(journal, { stream: 'stack', event: { type: 'START' } }, { ...quiet, tasks }), /port is already allocated/);
    const stack = stackProjection(journal.replay().fold);
    assert.equal(stack.state, 'failed');
    assert.match(stack.error ?? '', /port is already allocated/);
    assert.deepEqual(types(journal), ['START', 'START_FAILED']);
  });

  it('a task that reports nothing the machine accepts is a failure, not a hang', async () => {
    const tasks = { ...stackPlugins(), 'stack.start': stub([]) };
    await assert.rejects(runMachine(journal, { stream: 'stack', event: { type: 'START' } }, { ...quiet, tasks }), /reported no outcome/);
    assert.equal(stackProjection(journal.replay().fold).state, 'failed');
  });

  it('a second command on the same project fails at once, naming the busy one', async () => {
    let release!: () => void;
    let running!: () => void;
    const started = new Promise<void>((resolve) => (running = resolve));
    const tasks = {
      ...stackPlugins(),
      'stack.start': {
        title: 'start',
        run: () => {
          running();
          return new Promise<{ type: string }>((done) => (release = () => done({ type: 'STARTED' })));
        },
      },
    };
    const first = runMachine(journal, { stream: 'stack', event: { type: 'START' } }, { ...quiet, label: 'supabase start', tasks });
    await started;
    await assert.rejects(
      runMachine(journal, { stream: 'stack', event: { type: 'STOP' } }, { ...quiet, tasks: stackPlugins() }),
      (error: unknown) => isTaskError(error) && /another supabase command .*\(supabase start\)/.test((error as Error).message),
    );
    release();
    assert.equal((await first).after.snapshot.value, 'running.healthy');
  });

  it('a start killed half way (kill -9) is picked up by the next start: closed, cleaned up, started again', async () => {
    const script = fileURLToPath(new URL('../helpers/stack-runner.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script, directory], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.kill('SIGKILL');
    await exited(child);
    assert.equal(stackProjection(journal.replay().fold).state, 'starting');

    const messages: string[] = [];
    const plugins = stackPlugins();
    const result = await runMachine(journal, { stream: 'stack', event: { type: 'START' } }, { renderer: 'silent', onRecover: (m) => messages.push(m), tasks: plugins });
    assert.equal(result.status, 'done');
    assert.equal(result.after.snapshot.value, 'running.healthy');
    assert.deepEqual(
      result.appended.map((event) => event.type),
      ['INTERRUPTED', 'STOP', 'SERVICE_STOPPED', 'STOPPED', 'START', 'SERVICE_STARTING', 'SERVICE_HEALTHY', 'STARTED'],
    );
    assert.equal(plugins['stack.stop'].runs, 1);
    assert.match(messages.join('\n'), /interrupted/);
  }).timeout(30_000);
});
