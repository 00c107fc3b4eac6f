/**
 * What the native stack's reality (asked after every `start`, and by `status`) costs: it must
 * tell whether the pg_net worker died without opening a database session to see whether a live
 * worker is connected. That probe was some 30 ms of every `start` on a loaded machine, and its
 * answer was never used there. A real process stands for the worker (its command line carries the
 * worker's marker) and a real TCP server for the database it serves; the server counts who
 * connects.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { loadConfig } from '../../tasks/project/config-load.js';
import { pgNetWorkerFiles } from '../../tasks/pg-net/pg-net-process.js';
import { nativeStack } from '../../tasks/stack/native-stack.js';
import { removeDir, tempDir } from './support/temp-project.js';

describe('native stack reality', function () {
  let root: string;
  let home: string;
  let worker: ChildProcess;
  let server: net.Server;
  const sockets: net.Socket[] = [];

  before(async () => {
    root = await tempDir('reality');
    home = await tempDir('reality-home');
    // A server that accepts and never answers: a probe would wait on it until its timeout.
    server = net.createServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    worker = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'pg-net-worker-main'], { stdio: 'ignore' });
    await new Promise((resolve) => worker.once('spawn', resolve));
  });

  after(async () => {
    worker.kill('SIGKILL');
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    await removeDir(root);
    await removeDir(home);
  });

  it('tells a live pg_net worker from a dead one without connecting to its database', async () => {
    await mkdir(path.join(root, 'supabase'), { recursive: true });
    await writeFile(path.join(root, 'supabase', 'config.toml'), 'project_id = "reality"\n');
    const env = { ...process.env, SUPABASE_NATIVE_HOME: home };
    const { config } = await loadConfig(root, { env });
    const files = pgNetWorkerFiles(config.project_id, env);
    await mkdir(path.dirname(files.pidFile), { recursive: true });
    const port = (server.address() as AddressInfo).port;
    await writeFile(files.pidFile, JSON.stringify({ pid: worker.pid, url: `postgresql://postgres@127.0.0.1:${port}/postgres` }));

    const reality = await nativeStack.reality({ root, config, env });
    assert.equal(reality.exitedBeside?.size ?? 0, 0);
    assert.equal(sockets.length, 0, 'reality connected to the database the worker serves');
  });
});
