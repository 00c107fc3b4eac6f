/**
 * Runs Management API commands in-process against the spec-validating local server: a test sets
 * each operation's answer, runs a command line, and reads what went out. Every run checks that
 * requests and answers followed management-api.yaml; the shared failure checks (a 4xx with a body,
 * a 500, a 404 where documented, no server at all) live here so each command's test names only
 * its own wording.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../tasks/native/port-check.js';
import { ManagementApiServer, type Answer, type HandledRequest, type Handler } from './management-api-server.js';
import { runMain, type CliResult } from './run-cli.js';

export const TOKEN = `sbp_${'c0'.repeat(20)}`;
export const REF = 'abcdefghijklmnopqrst';

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  input?: string;
  /** Violations this run is known to cause (an undocumented status the facts still describe). */
  allowViolations?: string[];
  /** What the command writes to stderr before it fails (progress lines), when anything. */
  progress?: string;
}

export interface FailureCase {
  answer: Answer;
  /** The exact first line of stderr. */
  message: string;
}

export class ManagementHarness {
  private readonly handlers: Record<string, Handler> = {};
  readonly api = new ManagementApiServer(this.handlers);
  host = '';
  /** A folder with supabase/config.toml, linked to REF. */
  project = '';

  async start(): Promise<void> {
    this.host = await this.api.start();
    this.project = await mkdtemp(path.join(os.tmpdir(), 'mgmt-'));
    await mkdir(path.join(this.project, 'supabase', '.temp'), { recursive: true });
    await writeFile(path.join(this.project, 'supabase', 'config.toml'), 'project_id = "mgmt"\n');
    await writeFile(path.join(this.project, 'supabase', '.temp', 'project-ref'), `${REF}\n`);
  }

  async stop(): Promise<void> {
    await this.api.stop();
    if (this.project) await rm(this.project, { recursive: true, force: true });
  }

  /** Answers an operation with a fixed answer, or a function of the request. */
  answer(operationId: string, answer: Answer | Handler): void {
    this.handlers[operationId] = typeof answer === 'function' ? answer : () => answer;
  }

  /** Runs a command line in the project folder and checks the traffic followed the spec. */
  async run(argv: string[], options: RunOptions = {}): Promise<CliResult> {
    this.api.requests.length = 0;
    this.api.violations.length = 0;
    const env = { SUPABASE_INTERNAL_API_HOST: this.host, SUPABASE_ACCESS_TOKEN: TOKEN, HOME: this.project, ...options.env };
    const result = await runMain(argv, { cwd: this.project, env, input: options.input });
    assert.deepEqual(this.api.violations, options.allowViolations ?? [], `spec violations of: supabase ${argv.join(' ')}`);
    return result;
  }

  /** The one request the last run sent to an operation. */
  only(operationId: string): HandledRequest {
    const calls = this.api.calls(operationId);
    assert.equal(calls.length, 1, `${operationId} calls: ${calls.length}`);
    return calls[0];
  }

  /** Runs the command once per failure case, expecting exit 1 with the exact message and nothing on stdout. */
  async expectFailures(argv: string[], operationId: string, cases: FailureCase[], options: RunOptions = {}): Promise<void> {
    for (const failure of cases) {
      this.answer(operationId, failure.answer);
      const result = await this.run(argv, options);
      assert.equal(result.code, 1, `${failure.answer.status}: ${result.stderr}`);
      const progress = options.progress ?? '';
      assert.ok(result.stderr.startsWith(progress), result.stderr);
      assert.equal(result.stderr.slice(progress.length).split('\n')[0], failure.message);
      assert.equal(result.stdout, '');
    }
  }

  /** With no server listening, the command names the host and the socket error. */
  async expectUnreachable(argv: string[], options: RunOptions = {}): Promise<void> {
    const port = await freePort();
    const closed = `http://127.0.0.1:${port}`;
    const result = await runMain(argv, {
      cwd: this.project,
      env: { SUPABASE_INTERNAL_API_HOST: closed, SUPABASE_ACCESS_TOKEN: TOKEN, HOME: this.project, ...options.env },
      input: options.input,
    });
    assert.equal(result.code, 1);
    assert.equal(result.stderr.slice(options.progress?.length ?? 0).split('\n')[0], `failed to reach the Management API at ${closed}: connect ECONNREFUSED 127.0.0.1:${port}`);
    assert.equal(result.stdout, '');
  }
}

/** A 403 with a body and a 500, which every operation here documents, with the command's wording for them. */
export function forbiddenAndBroken(wording: (body: string) => string): FailureCase[] {
  const forbidden = '{"message":"Your account does not have access to this project"}';
  const broken = '{"message":"internal server error"}';
  return [
    { answer: { status: 403, raw: forbidden }, message: wording(forbidden) },
    { answer: { status: 500, raw: broken }, message: wording(broken) },
  ];
}
