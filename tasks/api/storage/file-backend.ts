/**
 * Object contents on disk, laid out as storage-api v0.46.4's file backend lays them out: one file
 * per object version at `<storage root>/<bucket>/<object name>/<version>`, where the root is the
 * project's native folder (`<native home>/<project_id>/storage`), so the files survive `stop` and
 * go with `stop --no-backup` like the database. A new upload writes a new version beside the old
 * one, so a reader of the old version is never cut short; the old file is removed once the row
 * points at the new one. Content streams both ways: a 1 GB upload holds a few chunks in memory.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { backendError } from './storage-error.js';

/** What writing a file learned of it (storage-api's headObject after its upload). */
export interface WrittenFile {
  size: number;
  /** The MD5 of the content in quotes, as storage-api records it. */
  eTag: string;
  lastModified: Date;
}


export class FileBackend {
  constructor(readonly root: string) {}

  /**
   * The file of one version of an object. The name is checked to stay inside its bucket's folder:
   * S3's safe characters allow `..` segments, which must never reach another bucket or project.
   */
  file(bucket: string, name: string, version: string): string {
    const bucketDir = path.join(this.root, bucket);
    const file = path.resolve(bucketDir, name, version);
    // A bucket may be called `..` too (dots are safe characters): it must not become the root's parent.
    const dotted = (segment: string) => segment === '..' || segment === '.';
    if (dotted(bucket) || !file.startsWith(`${bucketDir}${path.sep}`) || name.split('/').some(dotted)) {
      throw backendError('Invalid Input', 400, 'The object name contains invalid characters');
    }
    return file;
  }

  /**
   * Streams `body` into a new version's file. Past `limit` bytes the rest is read and dropped (the
   * client is still sending it, and cutting the request short would lose the answer), the file is
   * removed and the answer is 'too-large', as storage-api truncates a form's file.
   */
  async write(bucket: string, name: string, version: string, body: AsyncIterable<Buffer> | NodeJS.ReadableStream, limit: number): Promise<WrittenFile | 'too-large'> {
    const file = this.file(bucket, name, version);
    await mkdir(path.dirname(file), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > limit) return done();
        md5.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, measure, createWriteStream(file));
    } catch (error) {
      await this.remove(bucket, name, version);
      throw error;
    }
    if (size > limit) {
      await this.remove(bucket, name, version);
      return 'too-large';
    }
    const info = await stat(file);
    return { size, eTag: `"${md5.digest('hex')}"`, lastModified: info.mtime };
  }

  /** The size and time of a version's file, or undefined when it is missing. */
  async stat(bucket: string, name: string, version: string): Promise<{ size: number; lastModified: Date } | undefined> {
    try {
      const info = await stat(this.file(bucket, name, version));
      return { size: info.size, lastModified: info.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /**
   * What a version's file holds, read through (storage-api's headObject): a file written by
   * someone else, a resumable upload's, gets the size, MD5 and time an upload records.
   */
  async head(bucket: string, name: string, version: string): Promise<WrittenFile> {
    const file = this.file(bucket, name, version);
    const md5 = createHash('md5');
    let size = 0;
    for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
      md5.update(chunk);
      size += chunk.length;
    }
    const info = await stat(file);
    return { size, eTag: `"${md5.digest('hex')}"`, lastModified: info.mtime };
  }

  /** A stream of a version's bytes from `start` to `end` inclusive (the whole file when not given). */
  read(bucket: string, name: string, version: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.file(bucket, name, version), range);
  }

  /** Copies one version's file to another name and version (a copy or a move). */
  async copy(bucket: string, source: string, sourceVersion: string, destination: string, destinationVersion: string): Promise<void> {
    const target = this.file(bucket, destination, destinationVersion);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(this.file(bucket, source, sourceVersion), target);
  }

  /** Removes a version's file and the folders it leaves empty up to its bucket's; a missing file is fine. */
  async remove(bucket: string, name: string, version: string): Promise<void> {
    const file = this.file(bucket, name, version);
    await rm(file, { force: true });
    const bucketDir = path.join(this.root, bucket);
    for (let dir = path.dirname(file); dir.startsWith(`${bucketDir}${path.sep}`); dir = path.dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        // Not empty (another version or object lives there) or already gone: the folders above stay too.
        break;
      }
    }
  }
}
