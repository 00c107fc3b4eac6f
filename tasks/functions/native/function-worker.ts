/**
 * One Edge Function in its own Deno process, for the native `functions serve`: isolated from the
 * other functions (its own isolate, heap limit, environment and crash), kept warm between requests,
 * and replaced when its files change. Requests reach it over loopback HTTP on the port its
 * bootstrap announces; its output is passed on line by line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { ANNOUNCE_MARK, ENTRY_VARIABLE, TOKEN_VARIABLE } from './worker-bootstrap.js';

/** Where a worker's output goes. */
export interface LogSink {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

export interface WorkerSpec {
  slug: string;
  /** The entrypoint, supabase/functions/<slug>/index.ts (absolute). */
  entry: string;
  importMap?: string;
  /** The complete environment of the process (nothing else is inherited). */
  env: Record<string, string>;
  cwd: string;
  deno: string;
  bootstrap: string;
  /** The heap limit, as the edge runtime's 150 MB per worker. */
  memoryLimitMb: number;
  bootTimeoutMs: number;
  log: LogSink;
}

/** The function's process ended, or never announced its port. */
export class WorkerBootError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerBootError';
  }
}

/** Permissions of a function: what the edge runtime allows (network, env, files, system info), not subprocesses or FFI. */
const PERMISSIONS = ['--allow-net', '--allow-env', '--allow-read', '--allow-write', '--allow-sys', '--allow-import'];

export class FunctionWorker {
  /** Requests being answered right now; a retired worker stops when this reaches 0. */
  inFlight = 0;
  private retired = false;
  private readonly agent = new http.Agent({ keepAlive: true });

  private constructor(
    readonly slug: string,
    private readonly child: ChildProcess,
    private readonly port: number,
    private readonly exited: Promise<void>,
  ) {}

  /** Starts the process and resolves once the function listens. */
  static async boot(spec: WorkerSpec): Promise<FunctionWorker> {
    const token = randomBytes(12).toString('hex');
    const args = [
      'run', '--no-config', '--node-modules-dir=none', '--no-prompt', ...PERMISSIONS,
      `--v8-flags=--max-old-space-size=${spec.memoryLimitMb}`,
      ...(spec.importMap ? [`--import-map=${spec.importMap}`] : []),
      spec.bootstrap,
    ];
    const child = spawn(spec.deno, args, {
      cwd: spec.cwd,
      env: { ...spec.env, [ENTRY_VARIABLE]: pathToFileURL(spec.entry).href, [TOKEN_VARIABLE]: token },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    createInterface({ input: child.stderr! }).on('line', spec.log.stderr);
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new WorkerBootError(`did not start listening within ${spec.bootTimeoutMs / 1000}s`)), spec.bootTimeoutMs);
      const announcement = `${ANNOUNCE_MARK}${token} `;
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const at = line.indexOf(announcement);
        if (at === -1) return spec.log.stdout(line);
        // Text the function printed without a newline just before the announcement is still its output.
        if (at > 0) spec.log.stdout(line.slice(0, at));
        clearTimeout(timer);
        resolve(Number(line.slice(at + announcement.length)));
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new WorkerBootError(error.message));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new WorkerBootError(signal ? `its process was killed by ${signal}` : `its process exited with code ${code}`));
      });
    }).catch(async (error: Error) => {
      child.kill('SIGKILL');
      await exited;
      throw error;
    });
    return new FunctionWorker(spec.slug, child, port, exited);
  }

  /** Whether the process still runs and takes new requests. */
  get usable(): boolean {
    return !this.retired && this.child.exitCode === null && this.child.signalCode === null;
  }

  /**
   * Passes one request to the function and its answer back. `path` is what the function sees
   * (`/<slug>/...` plus the query), as behind the original's gateway.
   */
  forward(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    this.inFlight++;
    return new Promise<void>((resolve) => {
      let finished = false;
      // Called from whichever of the answer's end, its error or the connection's error comes first.
      const done = () => {
        if (finished) return;
        finished = true;
        this.inFlight--;
        if (this.retired && this.inFlight === 0) void this.stop();
        resolve();
      };
      const upstream = http.request({
        host: '127.0.0.1',
        port: this.port,
        method: request.method,
        path,
        headers: [...endToEnd(request.rawHeaders), 'x-forwarded-for', request.socket.remoteAddress ?? '', 'x-forwarded-proto', 'http'],
        agent: this.agent,
      });
      upstream.on('response', (answer) => {
        response.writeHead(answer.statusCode ?? 502, endToEnd(answer.rawHeaders));
        answer.pipe(response);
        answer.on('end', done);
        answer.on('error', () => {
          response.destroy();
          done();
        });
      });
      upstream.on('error', () => {
        // The process died or dropped the connection: the original's answer for a worker that failed to respond.
        if (!response.headersSent) {
          respondJson(response, 546, { code: 'WORKER_LIMIT', message: 'Worker failed to respond due to an error or resource limit (please check logs)' });
        } else {
          response.destroy();
        }
        done();
      });
      response.on('close', () => {
        if (!response.writableFinished) upstream.destroy();
      });
      request.pipe(upstream);
    });
  }

  /** Takes no new requests and stops once those in flight are answered. */
  retire(): void {
    this.retired = true;
    if (this.inFlight === 0) void this.stop();
  }

  /** Ends the process: SIGTERM, then SIGKILL after two seconds. */
  async stop(): Promise<void> {
    this.retired = true;
    this.agent.destroy();
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 2_000);
      await this.exited;
      clearTimeout(timer);
    }
  }
}

/** Headers that describe one connection, not the message; each hop sets its own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** A raw header list (name, value, name, value, ...) without the hop-by-hop ones. */
function endToEnd(raw: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!);
  return kept;
}

/** A JSON answer, as the original's router writes its own errors. */
export function respondJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}
