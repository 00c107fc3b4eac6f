/**
 * The storage commands as a user in a terminal meets them (a real pseudo-terminal): `rm` asks
 * once per bucket and does nothing on "n", a large `cp` draws a progress bar of bytes and files
 * that ends at 100%, and Ctrl-C during a download leaves no file behind. Needs the built CLI
 * (`npm run build`, as `npm test` does).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { BIN } from '../helpers/run-cli.js';
import { hasScript, runOnPty } from '../helpers/pty.js';
import { startStorageProject, type StorageProject } from '../helpers/storage-project.js';

describe('storage commands in a terminal', function () {
  this.timeout(60_000);
  let project: StorageProject;
  before(async function () {
    if (!hasScript()) {
      if (process.env.CI === 'true') throw new Error('util-linux `script` is missing (Debian package bsdutils)');
      this.skip();
    }
    project = await startStorageProject();
  });
  beforeEach(() => project?.reset());
  after(() => project?.stop());

  const supabase = (args: string[]) =>
    runOnPty(process.execPath, [BIN, 'storage', ...args, '--experimental'], { cwd: project.root, env: { ...process.env, ...project.env } });

  it('rm asks per bucket: "n" keeps the objects, Enter takes the default yes', async () => {
    const { store } = project.storage;
    store.createBucket('keep');
    await store.upload('keep', 'a.txt', Readable.from([Buffer.from('a')]), { contentType: 'text/plain', cacheControl: 'max-age=3600', upsert: false });

    const declined = supabase(['rm', 'ss:///keep/a.txt']);
    await declined.waitFor('Confirm deleting files in bucket');
    const bold = (text: string) => `\u001b[1m${text}\u001b[0m`;
    assert.ok(declined.output().includes(`Confirm deleting files in bucket ${bold('keep')}? [Y/n] `), declined.output());
    declined.type('n\r');
    assert.equal(await declined.exited, 0, declined.output());
    assert.ok(store.objects.get('keep')!.has('a.txt'));
    assert.equal(project.storage.calls('DELETE', '/object/keep').length, 0);

    const accepted = supabase(['rm', 'ss:///keep/a.txt']);
    await accepted.waitFor('[Y/n]');
    accepted.type('\r');
    assert.equal(await accepted.exited, 0, accepted.output());
    assert.match(accepted.output(), /Deleting objects: \[a\.txt\]/);
    assert.equal(store.objects.get('keep')!.has('a.txt'), false);
  });

  it('cp of a large file draws a bar of bytes and files; a small one prints only its lines', async () => {
    const big = randomBytes(24 * 1024 * 1024);
    await writeFile(path.join(project.root, 'big.bin'), big);
    const upload = supabase(['cp', 'big.bin', 'ss:///media/big.bin']);
    assert.equal(await upload.exited, 0, upload.output());
    assert.match(upload.output(), /100% \| 25\.2 MB \/ 25\.2 MB \| 1\/1 files \| [\d.]+ [kM]?B\/s/);

    const download = supabase(['cp', 'ss:///media/big.bin', 'copy.bin']);
    assert.equal(await download.exited, 0, download.output());
    assert.match(download.output(), /100% \| 25\.2 MB \/ 25\.2 MB \| 1\/1 files/);
    assert.ok(big.equals(await readFile(path.join(project.root, 'copy.bin'))));

    await writeFile(path.join(project.root, 'small.txt'), 'small');
    const small = supabase(['cp', '-r', 'small.txt', 'ss:///media/']);
    assert.equal(await small.exited, 0, small.output());
    assert.equal(small.output().replace(/\r/g, ''), 'Uploading: small.txt => /media/small.txt\n');
  });

  it('an interrupted download leaves neither the file nor its temporary copy', async () => {
    const { store } = project.storage;
    store.createBucket('media');
    const chunks = Array.from({ length: 64 }, () => randomBytes(1024 * 1024));
    await store.upload('media', 'big.bin', Readable.from(chunks), { contentType: 'application/octet-stream', cacheControl: 'max-age=3600', upsert: false });
    const child = spawn(process.execPath, [BIN, 'storage', 'cp', 'ss:///media/big.bin', 'big.bin', '--experimental'], {
      cwd: project.root, env: { ...process.env, ...project.env }, stdio: 'ignore',
    });
    const ended = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // Interrupt as soon as the temporary file shows, i.e. in the middle of the transfer.
    const deadline = Date.now() + 20_000;
    while (!(await readdir(project.root)).some((name) => name.endsWith('.part')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill('SIGINT');
    assert.equal(await ended, 'SIGINT');
    assert.deepEqual((await readdir(project.root)).filter((name) => name.includes('big.bin')), []);
  });
});
