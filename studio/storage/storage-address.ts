/**
 * What the Storage section shows, as its address: `#/storage/<bucket>/<folder>/<folder>` and the
 * page of entries (`?page=2`). A reload or a shared link opens the same folder, and Back returns
 * to the folder opened before. A folder is a prefix of names ending in `/`, so the address's
 * segments after the bucket, joined, are that prefix.
 */
import { hashOf, pageOf, pageParam, type HashRoute } from '../hash-route';

export interface StorageView {
  /** The chosen bucket's id, when one is. */
  bucket?: string;
  /** The open folder: '' for the bucket's top, else its path ending in `/`. */
  prefix: string;
  /** Zero-based; the address counts from 1. */
  page: number;
}

/** The view a route of the Storage section names; what it does not name, or names wrongly, is the default. */
export function storageViewOf(route: HashRoute): StorageView {
  const [bucket, ...folders] = route.path;
  return { bucket, prefix: folders.map((folder) => `${folder}/`).join(''), page: pageOf(route.params) };
}

/** The address of a view. */
export function storageAddress(view: StorageView): string {
  const path = view.bucket === undefined ? [] : [view.bucket, ...view.prefix.split('/').filter((folder) => folder !== '')];
  return hashOf('storage', path, { page: pageParam(view.page) });
}
