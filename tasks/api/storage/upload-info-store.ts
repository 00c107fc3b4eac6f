/**
 * Where the TUS server keeps what it knows of each resumable upload (its length, metadata and
 * creation time: @tus/utils' KvStore) while the content grows in the file backend. @tus/file-store
 * would put it beside the content as `<version>.json`, inside the object's folder; here each
 * upload is one flat file named by its base64url id in a folder no bucket can be called (`~` is
 * not among a bucket name's characters), so object folders hold only versions.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { KvStore, Upload } from '@tus/server';
import { uploadIdFromUrl, uploadIdToUrl } from './upload-id.js';

/** The folder of upload records under the storage root. */
export const UPLOAD_INFO_FOLDER = '~resumable';

export class UploadInfoStore implements KvStore<Upload> {
  private readonly folder: string;

  constructor(storageRoot: string) {
    this.folder = path.join(storageRoot, UPLOAD_INFO_FOLDER);
  }

  private file(id: string): string {
    return path.join(this.folder, `${uploadIdToUrl(id)}.json`);
  }

  async get(id: string): Promise<Upload | undefined> {
    try {
      return JSON.parse(await readFile(this.file(id), 'utf8')) as Upload;
    } catch {
      return undefined;
    }
  }

  async set(id: string, upload: Upload): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    await writeFile(this.file(id), JSON.stringify(upload));
  }

  async delete(id: string): Promise<void> {
    await rm(this.file(id), { force: true });
  }

  async list(): Promise<string[]> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    return names.filter((name) => name.endsWith('.json')).map((name) => uploadIdFromUrl(name.slice(0, -'.json'.length)));
  }
}
