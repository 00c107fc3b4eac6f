import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JournalStore } from '../../tasks/journal/journal-store.js';
import { runMain } from '../helpers/run-cli.js';
import { commandContext } from '../helpers/command-context.js';
import runEvents from '../../cli/commands/events.command.js';

describe('supabase events', () => {
  let project: string;
  let env: NodeJS.ProcessEnv;
  beforeEach(() => {
    project = mkdtempSync(path.join(tmpdir(), 'events-command-'));
    mkdirSync(path.join(project, 'supabase'));
    writeFileSync(path.join(project, 'supabase', 'config.toml'), 'project_id = "demo"\n');
    env = { SUPABASE_TICKET_DIR: path.join(project, 'tickets') };
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  const record = () =>
    JournalStore.forProject(project).append(
      [
        { stream: 'stack', type: 'START', data: { ignoreHealthCheck: false } },
        { stream: 'stack', type: 'SERVICE_HEALTHY', data: { service: 'db' } },
        { stream: 'migrations:local', type: 'OBSERVED', data: { version: '20240101000000', local: true, remote: false } },
        { stream: 'stack', type: 'STARTED' },
      ],
      { now: () => new Date('2024-02-03T04:05:06.789Z') },
    );

  it('says so when nothing was recorded', async () => {
    const run = await runMain(['events'], { cwd: project, env });
    assert.equal(run.code, 0);
    assert.equal(run.stdout, 'No events recorded yet.\n');
    assert.equal((await runMain(['events', '-o', 'json'], { cwd: project, env })).stdout, '[]\n');
  });

  it('lists every event in order as a table', async () => {
    record();
    const run = await runMain(['events'], { cwd: project, env });
    assert.equal(run.code, 0);
    const lines = run.stdout.trimEnd().split('\n');
    assert.match(lines[0], /SEQ \| TIME \(UTC\)\s+\| STREAM\s+\| EVENT\s+\| DATA/);
    assert.equal(lines.length, 6);
    assert.match(lines[2], /1\s+\| 2024-02-03 04:05:06 \| stack\s+\| START\s+\| ignoreHealthCheck=false/);
    assert.match(lines[5], /4\s+\| .* \| STARTED/);
  });

  it('--stream keeps one stream, and the streams under NAME: as well', async () => {
    record();
    const stack = JSON.parse((await runMain(['events', '--stream', 'stack', '-o', 'json'], { cwd: project, env })).stdout) as Array<{ seq: number }>;
    assert.deepEqual(stack.map((event) => event.seq), [1, 2, 4]);
    const migrations = JSON.parse((await runMain(['events', '--stream', 'migrations', '-o', 'json'], { cwd: project, env })).stdout) as Array<{ seq: number; data: unknown }>;
    assert.deepEqual(migrations.map((event) => event.seq), [3]);
    assert.deepEqual(migrations[0].data, { version: '20240101000000', local: true, remote: false });
    assert.equal((await runMain(['events', '--stream', 'branches:abc'], { cwd: project, env })).stdout, 'No events recorded for branches:abc.\n');
  });

  it('-o json prints the journal lines as they are stored', async () => {
    const written = record();
    const run = await runMain(['events', '-o', 'json'], { cwd: project, env });
    assert.deepEqual(JSON.parse(run.stdout), written);
    assert.equal(run.stderr, '');
  });

  it('ignores a torn last line, and lists around a damaged one, which it sets aside with one warning', async () => {
    record();
    const file = JournalStore.forProject(project).paths.journal;
    appendFileSync(file, '{"v":1,"seq":5,"ti');
    assert.equal(JSON.parse((await runMain(['events', '-o', 'json'], { cwd: project, env })).stdout).length, 4);
    appendFileSync(file, '\n{"v":1,"seq":6,"time":"2024-02-03T04:05:07.000Z","stream":"stack","type":"STOP","data":{}}\n');
    const ctx = commandContext(project, { output: 'json' });
    assert.equal(await runEvents(ctx), 0);
    assert.deepEqual((JSON.parse(ctx.output.stdout) as Array<{ seq: number }>).map((event) => event.seq), [1, 2, 3, 4, 6]);
    assert.match(ctx.output.stderr, /^Warning: line 5 of .*events\.jsonl is not an event \(.*\); set aside in .*events\.damaged\.jsonl\. [^\n]*\n$/);
    const again = commandContext(project, { output: 'json' });
    assert.equal(await runEvents(again), 0);
    assert.equal(again.output.stdout, ctx.output.stdout);
    assert.equal(again.output.stderr, '', 'named once');
  });

  it('an event of a newer format is not set aside: the listing stops with a user error', async () => {
    record();
    appendFileSync(JournalStore.forProject(project).paths.journal, '{"v":2,"seq":5,"time":"2024-02-03T04:05:06.789Z","stream":"stack","type":"STOP","data":{}}\n');
    // The handler is called directly: the error's class is checked by name, because under mocha the
    // test and a lazily loaded handler can hold different instances of cli/errors.ts.
    await assert.rejects(runEvents(commandContext(project, { output: 'pretty' })), (error: Error & { suggestion?: string }) => {
      assert.equal(error.name, 'UserError');
      assert.match(error.message, /^failed to read the event journal: journal line 5 is not a valid event: unsupported schema version 2/);
      assert.match(error.suggestion ?? '', /newer version of the CLI/);
      return true;
    });
  });
});
